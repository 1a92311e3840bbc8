import { addNode, createPromptData, emptyFlow, type FlowDocument } from '@flow/core';
import { describe, expect, it } from 'vitest';
import { nodeToFocus } from './keepFocus';

/** One chain of `count` prompt nodes n0 -> n1 -> …, then a second chain of one node. */
function flow(count: number): FlowDocument {
  let r = { doc: emptyFlow('p', 'production'), currentChain: '0' };
  for (let i = 0; i < count; i++)
    r = addNode(r.doc, { type: 'prompt', data: createPromptData(`${i}`) }, { currentChain: r.currentChain, id: `n${i}` });
  return addNode(r.doc, { type: 'prompt', data: createPromptData('last') }, { currentChain: r.currentChain, newChain: true, id: 'wrap' })
    .doc;
}

/** The flow without the nodes `ids` and their edges. */
function without(doc: FlowDocument, ids: readonly string[]): FlowDocument {
  const gone = new Set(ids);
  return {
    ...doc,
    nodes: doc.nodes.filter((n) => !gone.has(n.id)),
    edges: doc.edges.filter((e) => !gone.has(e.source) && !gone.has(e.target)),
  };
}

/** nodeToFocus as it was written first, looking at every id: what the quick one must answer. */
function everyId(before: FlowDocument, after: FlowDocument): string | undefined {
  const now = new Set(after.nodes.map((n) => n.id));
  const was = new Set(before.nodes.map((n) => n.id));
  const added = after.nodes.find((n) => !was.has(n.id));
  if (added) return added.id;
  const removed = before.nodes.filter((n) => !now.has(n.id)).map((n) => n.id);
  if (removed.length === 0) return undefined;
  const gone = new Set(removed);
  const next = new Map(before.edges.map((e) => [e.source, e.target]));
  const prev = new Map(before.edges.map((e) => [e.target, e.source]));
  for (const step of [next, prev]) {
    const seen = new Set<string>();
    for (let id = step.get(removed[0] ?? ''); id !== undefined && !seen.has(id); id = step.get(id)) {
      if (!gone.has(id)) return id;
      seen.add(id);
    }
  }
  return after.nodes[0]?.id;
}

describe('nodeToFocus', () => {
  it('is the node brought back, else the node after (or before) a removed one', () => {
    const doc = flow(2);
    const noMiddle = without(doc, ['n1']);
    expect(nodeToFocus(doc, noMiddle)).toBe('wrap');
    expect(nodeToFocus(noMiddle, doc)).toBe('n1');
    expect(nodeToFocus(doc, without(doc, ['wrap']))).toBe('n1');
    expect(nodeToFocus(doc, doc)).toBeUndefined();
  });

  it('answers as a look at every id does, for a few or many nodes added, removed or changed anywhere', () => {
    const doc = flow(40);
    const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `n${from + i}`);
    const renamed = { ...doc, nodes: doc.nodes.map((n) => (n.id === 'n7' ? { ...n, chain: '1' } : n)) };
    const reversed = { ...doc, nodes: [...doc.nodes].reverse() };
    const pairs: [FlowDocument, FlowDocument][] = [
      [without(doc, ['wrap']), doc],
      [without(doc, ids(30, 40)), doc],
      [without(doc, ['n5']), doc],
      [without(doc, ids(3, 30)), doc],
      [without(doc, [...ids(0, 3), 'wrap']), doc],
      [renamed, doc],
      [reversed, doc],
      [without(reversed, ['n39', 'n38']), doc],
      [flow(0), doc],
    ];
    for (const [a, b] of pairs) {
      expect(nodeToFocus(a, b)).toBe(everyId(a, b));
      expect(nodeToFocus(b, a)).toBe(everyId(b, a));
    }
  });
});
