import type { FieldChange, FlowDiff, NodeRef } from '@flow/core';
import type { Style } from '../output.js';

const MAX_SHOWN = 80;
const MAX_PROMPT_LINES = 12;

function shown(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

const nodeLabel = (node: NodeRef): string => `${node.type} "${node.name}" (${node.id}, chain ${node.chain})`;

function fieldLines(fields: readonly FieldChange[], indent: string, style: Style): string[] {
  return fields.map((f) => `${indent}${f.field}: ${style.red(shown(f.before))} → ${style.green(shown(f.after))}`);
}

/** The lines of a flow diff, or none when there is no difference. */
export function diffLines(diff: FlowDiff, style: Style): string[] {
  const lines: string[] = [];
  const add = (text: string): number => lines.push(`${style.green('+')} ${text}`);
  const remove = (text: string): number => lines.push(`${style.red('-')} ${text}`);
  const change = (text: string): number => lines.push(`${style.yellow('~')} ${text}`);
  for (const field of diff.metadata) change(`${field.field}: ${shown(field.before)} → ${shown(field.after)}`);
  for (const prompt of diff.prompts) {
    change(prompt.field);
    const changed = prompt.lines.filter((line) => line.op !== ' ');
    for (const line of changed.slice(0, MAX_PROMPT_LINES)) {
      lines.push(line.op === '-' ? style.red(`    - ${line.line}`) : style.green(`    + ${line.line}`));
    }
    if (changed.length > MAX_PROMPT_LINES)
      lines.push(style.dim(`    … ${changed.length - MAX_PROMPT_LINES} more changed lines (--json has all)`));
  }
  for (const node of diff.nodes.added) add(`node ${nodeLabel(node)}`);
  for (const node of diff.nodes.removed) remove(`node ${nodeLabel(node)}`);
  for (const node of diff.nodes.changed) {
    change(`node ${nodeLabel(node)}`);
    lines.push(...fieldLines(node.fields, '    ', style));
  }
  for (const edge of diff.edges.added) add(`edge ${edge.source} → ${edge.target} (${edge.kind})`);
  for (const edge of diff.edges.removed) remove(`edge ${edge.source} → ${edge.target} (${edge.kind})`);
  for (const edge of diff.edges.changed) {
    change(`edge ${edge.source} → ${edge.target}`);
    lines.push(...fieldLines(edge.fields, '    ', style));
  }
  for (const chain of diff.chains) {
    const text = (names: readonly string[]): string => (names.length === 0 ? '(none)' : names.join(' → '));
    change(`chain ${chain.chain}: ${text(chain.before)}  became  ${text(chain.after)}`);
  }
  for (const w of diff.workflows.added) add(`workflow "${w.name}" (${w.id})`);
  for (const w of diff.workflows.removed) remove(`workflow "${w.name}" (${w.id})`);
  for (const w of diff.workflows.changed) {
    change(`workflow "${w.name}" (${w.id})`);
    lines.push(...fieldLines(w.fields, '    ', style));
  }
  return lines;
}

/** How many things changed: one per metadata field, prompt, node, edge, chain and workflow. */
export function changeCount(diff: FlowDiff): number {
  const parts = [diff.nodes, diff.edges, diff.workflows];
  return (
    diff.metadata.length +
    diff.prompts.length +
    diff.chains.length +
    parts.reduce((n, p) => n + p.added.length + p.removed.length + p.changed.length, 0)
  );
}
