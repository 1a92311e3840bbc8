import { diffFlows } from '../diff/flowDiff.js';
import type { FlowDocument } from '../format/types.js';

const TEXT_NAMES = { agentContext: 'Agent Context', agentNotes: 'Agent Notes and Style', systemPrompt: 'System Prompt' } as const;

const quoted = (names: readonly string[]): string => names.map((name) => `'${name}'`).join(', ');
const count = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * What `edited` changed from `base`, one short line per kind of change, for a person about to
 * discard it: nodes added, removed and changed by name, connections, and the texts.
 * @example describeEdits(saved, local) // ["2 nodes changed: 'Greet', 'Order'", 'Agent Notes and Style']
 */
export function describeEdits(base: FlowDocument, edited: FlowDocument): string[] {
  const diff = diffFlows(base, edited);
  const lines: string[] = [];
  const { added, removed, changed } = diff.nodes;
  if (added.length > 0) lines.push(`${count(added.length, 'node')} added: ${quoted(added.map((n) => n.name))}`);
  if (removed.length > 0) lines.push(`${count(removed.length, 'node')} removed: ${quoted(removed.map((n) => n.name))}`);
  if (changed.length > 0) lines.push(`${count(changed.length, 'node')} changed: ${quoted(changed.map((n) => n.name))}`);
  const edges = diff.edges.added.length + diff.edges.removed.length + diff.edges.changed.length;
  if (edges > 0) lines.push(`${count(edges, 'connection')} changed`);
  for (const prompt of diff.prompts) lines.push(TEXT_NAMES[prompt.field]);
  const moved = edited.nodes.length === base.nodes.length && lines.length === 0 && !sameLayout(base, edited);
  if (moved) lines.push('node positions');
  return lines;
}

function sameLayout(a: FlowDocument, b: FlowDocument): boolean {
  const at = new Map(a.nodes.map((n) => [n.id, n.position]));
  return b.nodes.every((n) => {
    const p = at.get(n.id);
    return p !== undefined && p.x === n.position.x && p.y === n.position.y;
  });
}
