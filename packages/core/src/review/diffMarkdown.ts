import { compileFlow, systemPromptText } from '../compile/compileFlow.js';
import type { FlowDocument } from '../format/types.js';
import { emptyFlow } from '../graph/fromProvider.js';
import { maskSecretPair } from '../secrets/secretPolicy.js';
import { diffMermaid, touchedChains } from '../diff/diffMermaid.js';
import { diffFlows, type FlowDiff, type NodeRef } from '../diff/flowDiff.js';
import { codeFence, markdownCell } from '../diff/markdownEscape.js';
import { unifiedDiff } from '../diff/unifiedDiff.js';
import { lineDiff, type FieldChange } from '../diff/valueDiff.js';

/** One flow file on both sides of a review; `null` where the file does not exist. */
export interface FlowFileSides {
  /** The file as the review names it. */
  file: string;
  before: FlowDocument | null;
  after: FlowDocument | null;
}

/**
 * Both sides with secrets masked (`(secret N)`); a missing side is an empty flow of the other's
 * plan and version, so an added file reads as all its nodes added.
 */
export function reviewPair(sides: FlowFileSides): [FlowDocument, FlowDocument] {
  const empty = (other: FlowDocument | null): FlowDocument => emptyFlow(other?.planId ?? '', other?.versionName ?? '');
  return maskSecretPair(sides.before ?? empty(sides.after), sides.after ?? empty(sides.before));
}

/** The semantic diff of one file's two sides, secrets masked (what `flowctl diff --json` reports). */
export function flowFileDiff(sides: FlowFileSides): FlowDiff {
  return diffFlows(...reviewPair(sides));
}

/** Longer than this (or on several lines), a text value is shown as a line diff. */
const SHORT_VALUE = 60;
/** Changed lines shown in a table cell before `… N more`. */
const MAX_CELL_LINES = 12;
/** Chains a summary line names before `…`. */
const MAX_NAMED_CHAINS = 10;
/** A prompt diff longer than this is folded in `<details>`. */
const FOLD_PROMPT_LINES = 40;

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function shownValue(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const isLong = (value: unknown): value is string => typeof value === 'string' && (value.length > SHORT_VALUE || value.includes('\n'));

/** One changed field as cell markdown: `field: before → after`, or its changed lines. */
function fieldCell(change: FieldChange): string {
  const name = `**${markdownCell(change.field)}**`;
  const { before, after } = change;
  if (!isLong(before) && !isLong(after)) return `${name}: ${markdownCell(shownValue(before))} → ${markdownCell(shownValue(after))}`;
  const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));
  const lines = lineDiff(text(before), text(after)).filter((line) => line.op !== ' ');
  const shown = lines.slice(0, MAX_CELL_LINES).map((line) => `${line.op === '-' ? '−' : '+'} ${markdownCell(line.line)}`);
  if (lines.length > MAX_CELL_LINES) shown.push(`… ${count(lines.length - MAX_CELL_LINES, 'more changed line')}`);
  return [`${name}:`, ...shown].join('<br>');
}

function nodeRows(diff: FlowDiff): string[] {
  const row = (node: NodeRef, what: string): string =>
    `| ${markdownCell(node.name)} | ${markdownCell(node.chain)} | ${markdownCell(node.type)} | ${what} |`;
  return [
    ...diff.nodes.added.map((node) => row(node, 'added')),
    ...diff.nodes.removed.map((node) => row(node, 'removed')),
    ...diff.nodes.changed.map((node) => row(node, node.fields.map(fieldCell).join('<br>'))),
  ];
}

/** The chains a summary names: the first MAX_NAMED_CHAINS, then `…`. */
function chainList(chains: readonly string[]): string {
  if (chains.length === 0) return '';
  const named = chains.slice(0, MAX_NAMED_CHAINS).map(markdownCell);
  return ` (${[...named, ...(chains.length > MAX_NAMED_CHAINS ? ['…'] : [])].join(', ')})`;
}

/** The whole prompt a flow compiles to; empty for a flow with no nodes. */
const promptOf = (doc: FlowDocument): string => (doc.nodes.length === 0 ? '' : systemPromptText(compileFlow(doc)));

function otherChanges(diff: FlowDiff): string[] {
  const edges = diff.edges.added.length + diff.edges.removed.length + diff.edges.changed.length;
  return [
    ...diff.prompts.map((p) => `- ${p.field}: ${count(p.lines.filter((line) => line.op !== ' ').length, 'line')} changed`),
    ...diff.metadata.map((f) => `- ${markdownCell(f.field)}: ${markdownCell(shownValue(f.before))} → ${markdownCell(shownValue(f.after))}`),
    ...(edges > 0 ? [`- ${count(edges, 'link')} added, removed or changed`] : []),
    ...diff.workflows.added.map((w) => `- workflow ${markdownCell(w.name)} added`),
    ...diff.workflows.removed.map((w) => `- workflow ${markdownCell(w.name)} removed`),
    ...diff.workflows.changed.map((w) => `- workflow ${markdownCell(w.name)} changed`),
  ];
}

function fenced(language: string, lines: readonly string[]): string {
  const fence = codeFence(lines.join('\n'));
  return [`${fence}${language}`, ...lines, fence].join('\n');
}

/**
 * The review of one flow file as GitHub-flavoured markdown: a heading, a one-line summary, a table
 * of changed nodes, the compiled system prompt as a unified diff and a Mermaid flowchart of the
 * touched chains. Secrets are masked as `(secret N)`. An added file is diffed from an empty flow,
 * a removed one to an empty flow. `diagram: false` leaves the flowchart out (the editor shows the canvas).
 * @example flowDiffMarkdown({ file: 'flows/a.flow.json', before, after })
 */
export function flowDiffMarkdown(sides: FlowFileSides, options: { diagram?: boolean } = {}): string {
  const [before, after] = reviewPair(sides);
  const status = sides.before === null ? ' (added)' : sides.after === null ? ' (removed)' : '';
  const heading = `### ${markdownCell(sides.file)}${status}`;
  const diff = diffFlows(before, after);
  if (diff.same) return `${heading}\n\nNo semantic changes (positions, viewport and key order are ignored).\n`;
  const promptLines = unifiedDiff(lineDiff(promptOf(before), promptOf(after)));
  const promptChanged = promptLines.filter((line) => /^[-+]/.test(line)).length;
  const chains = touchedChains(diff, before, after);
  const summary = [
    `${count(diff.nodes.added.length, 'node')} added, ${diff.nodes.removed.length} removed, ${diff.nodes.changed.length} changed`,
    `${count(chains.length, 'chain')} touched${chainList(chains)}`,
    `${count(promptChanged, 'prompt line')} changed`,
  ].join(' · ');
  const parts = [heading, summary];
  const others = otherChanges(diff);
  if (others.length > 0) parts.push(others.join('\n'));
  const rows = nodeRows(diff);
  if (rows.length > 0) parts.push(['| Node | Chain | Type | What changed |', '| --- | --- | --- | --- |', ...rows].join('\n'));
  if (promptLines.length > 0) {
    const block = fenced('diff', promptLines);
    parts.push(
      promptLines.length > FOLD_PROMPT_LINES
        ? `<details><summary>System prompt: ${count(promptChanged, 'line')} changed</summary>\n\n${block}\n\n</details>`
        : `**System prompt**\n\n${block}`,
    );
  }
  const mermaid = options.diagram === false ? '' : diffMermaid(diff, before, after);
  if (mermaid !== '') parts.push(`**Chains touched**\n\n${fenced('mermaid', mermaid.split('\n'))}`);
  return `${parts.join('\n\n')}\n`;
}

/**
 * The review of several flow files, one section each, in the order given; a line saying so when
 * there are none.
 */
export function flowDiffsMarkdown(files: readonly FlowFileSides[]): string {
  if (files.length === 0) return 'No flow files changed.\n';
  return files.map((file) => flowDiffMarkdown(file)).join('\n');
}
