import { chainsInWalkOrder, compareChains } from '../format/walk.js';
import type { FlowDocument, FlowNode } from '../format/types.js';
import type { FlowDiff } from './flowDiff.js';
import { mermaidLabel } from './markdownEscape.js';

type Status = 'added' | 'removed' | 'changed';

/** Most nodes one diagram draws: Mermaid refuses more than 500 links, and a reader sees no more. */
export const MAX_DIAGRAM_NODES = 300;

/** The style of each status, and the order the legend shows them in. */
const CLASSES: readonly (readonly [Status, string])[] = [
  ['added', 'fill:#dafbe1,stroke:#1a7f37,color:#0b3d1a'],
  ['changed', 'fill:#fff8c5,stroke:#9a6700,color:#3b2300'],
  ['removed', 'fill:#ffebe9,stroke:#cf222e,color:#5c0a10,stroke-dasharray:4 3'],
];

/** The chains a diff touches: those of added, removed and changed nodes and edges, and reordered chains. */
export function touchedChains(diff: FlowDiff, before: FlowDocument, after: FlowDocument): string[] {
  const chainOf = new Map<string, string>();
  for (const node of before.nodes) chainOf.set(node.id, node.chain);
  const touched = new Set<string>(diff.chains.map((c) => c.chain));
  for (const node of [...diff.nodes.added, ...diff.nodes.removed, ...diff.nodes.changed]) touched.add(node.chain);
  for (const node of diff.nodes.changed) {
    const old = chainOf.get(node.id);
    if (old !== undefined) touched.add(old);
  }
  for (const node of after.nodes) chainOf.set(node.id, node.chain);
  for (const edge of [...diff.edges.added, ...diff.edges.removed, ...diff.edges.changed]) {
    const chain = chainOf.get(edge.source);
    if (chain !== undefined) touched.add(chain);
  }
  return [...touched].sort(compareChains);
}

/**
 * A Mermaid flowchart of the chains a diff touches: every node of each, in walk order, linked in
 * that order; removed nodes follow their old chain's nodes. Ids are generated (`n1`, `c1`), labels
 * escaped by `mermaidLabel`, so no name can change the diagram's structure. Empty when nothing is
 * touched or more than MAX_DIAGRAM_NODES would be drawn.
 */
export function diffMermaid(diff: FlowDiff, before: FlowDocument, after: FlowDocument): string {
  const chains = touchedChains(diff, before, after);
  if (chains.length === 0) return '';
  const status = new Map<string, Status>();
  for (const node of diff.nodes.changed) status.set(node.id, 'changed');
  for (const node of diff.nodes.added) status.set(node.id, 'added');
  const afterChains = chainsInWalkOrder(after);
  const beforeChains = chainsInWalkOrder(before);
  const removed = new Set(diff.nodes.removed.map((n) => n.id));
  const drawn = chains.reduce((sum, chain) => sum + (afterChains.get(chain)?.length ?? 0), removed.size);
  if (drawn > MAX_DIAGRAM_NODES) return '';
  const lines = ['flowchart TD'];
  const classed = new Map<Status, string[]>(CLASSES.map(([name]) => [name, []]));
  let count = 0;
  const node = (n: FlowNode, state: Status | undefined): string => {
    const id = `n${++count}`;
    const text = n.data.name || n.id;
    lines.push(`    ${id}[${mermaidLabel(state === undefined ? text : `${text} (${state})`)}]`);
    if (state !== undefined) classed.get(state)?.push(id);
    return id;
  };
  chains.forEach((chain, i) => {
    lines.push(`  subgraph c${i + 1}[${mermaidLabel(`Chain ${chain}`)}]`, '    direction TB');
    const ids = (afterChains.get(chain) ?? []).map((n) => node(n, status.get(n.id)));
    if (ids.length > 1) lines.push(`    ${ids.join(' --> ')}`);
    for (const gone of beforeChains.get(chain) ?? []) if (removed.has(gone.id)) node(gone, 'removed');
    lines.push('  end');
  });
  lines.push(`  subgraph legend[${mermaidLabel('Legend')}]`, '    direction LR');
  for (const [name] of CLASSES) lines.push(`    legend_${name}[${mermaidLabel(name)}]:::${name}`);
  lines.push('  end');
  for (const [name, style] of CLASSES) lines.push(`  classDef ${name} ${style}`);
  for (const [name, ids] of classed) if (ids.length > 0) lines.push(`  class ${ids.join(',')} ${name}`);
  return lines.join('\n');
}
