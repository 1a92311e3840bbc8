import { describe, expect, it } from 'vitest';
import { testFlow, testFunction, testPrompt } from '../testing/flowBuilder.js';
import { addNode } from './addNode.js';
import { copy, duplicate, duplicateSelection, paste } from './clipboard.js';
import { walkOrder } from '../format/walk.js';
import { invariantViolations } from './invariants.js';

function sample() {
  let r = addNode(testFlow(), testPrompt('Hello'), { currentChain: '0', id: 'p' });
  r = addNode(r.doc, testFunction('a'), { currentChain: r.currentChain, id: 'a' });
  r = addNode(r.doc, testFunction('b'), { currentChain: r.currentChain, id: 'b' });
  return r;
}

const ids = (() => {
  let n = 0;
  return () => `new-${++n}`;
})();

describe('copy', () => {
  it('puts the nodes in walk order on the clipboard with their ids cleared', () => {
    const clip = copy(sample().doc, ['b', 'p']);
    expect(clip.nodes.map((n) => n.type)).toEqual(['prompt', 'function']);
    const fn = clip.nodes[1];
    expect(fn?.type === 'function' && fn.data).toMatchObject({ uuid: '', id: undefined, post_action_function_id: '', name: 'b' });
  });
});

describe('paste', () => {
  it('adds the nodes with new ids after the selected node, linked one after another', () => {
    const base = sample();
    const clip = copy(base.doc, ['a', 'b']);
    const r = paste(base.doc, clip, { currentChain: base.currentChain, selectedId: 'p', newId: ids });
    expect(r.nodeIds).toHaveLength(2);
    const [first, second] = r.nodeIds;
    expect(r.doc.edges.find((e) => e.source === 'p')?.target).toBe(first);
    expect(r.doc.edges.find((e) => e.source === first)?.target).toBe(second);
    expect(r.doc.edges.find((e) => e.source === second)?.target).toBe('a');
    expect(r.doc.nodes.find((n) => n.id === first)?.data).toMatchObject({ uuid: first, name: 'a' });
    expect(invariantViolations(r.doc)).toEqual([]);
  });
});

describe('paste at a point', () => {
  it('puts the first node at the point and the others where they were relative to it, moving no other node', () => {
    const base = sample();
    const at = (id: string) => base.doc.nodes.find((n) => n.id === id)?.position;
    const clip = copy(base.doc, ['a', 'b']);
    const r = paste(base.doc, clip, { currentChain: base.currentChain, selectedId: 'p', newId: ids, position: { x: 900, y: 40 } });
    const [first, second] = r.nodeIds.map((id) => r.doc.nodes.find((n) => n.id === id)?.position);
    const a = at('a');
    const b = at('b');
    if (!a || !b) throw new Error('sample changed');
    expect(first).toEqual({ x: 900, y: 40 });
    expect(second).toEqual({ x: 900 + b.x - a.x, y: 40 + b.y - a.y });
    for (const node of base.doc.nodes) expect(r.doc.nodes.find((n) => n.id === node.id)?.position).toEqual(node.position);
    expect(r.doc.edges.find((e) => e.source === 'p')?.target).toBe(r.nodeIds[0]);
    expect(invariantViolations(r.doc)).toEqual([]);
  });
});

describe('duplicateSelection', () => {
  it("adds the copies in the originals' walk order right after the last of them, whatever the selection order", () => {
    const base = sample();
    const r = duplicateSelection(base.doc, ['b', 'p'], { currentChain: base.currentChain, newId: ids });
    const order = walkOrder(r.doc).map((n) => n.id);
    expect(order.slice(0, 3)).toEqual(['p', 'a', 'b']);
    expect(order.slice(3)).toEqual(r.nodeIds);
    expect(r.nodeIds.map((id) => r.doc.nodes.find((n) => n.id === id)?.type)).toEqual(['prompt', 'function']);
    expect(invariantViolations(r.doc)).toEqual([]);
  });

  it('does nothing without known nodes', () => {
    const base = sample();
    expect(duplicateSelection(base.doc, ['zzz'], { currentChain: '1' }).doc).toBe(base.doc);
  });
});

describe('duplicate', () => {
  it('adds a copy with a new id right after the original', () => {
    const base = sample();
    const r = duplicate(base.doc, 'a', { currentChain: base.currentChain, newId: () => 'a-copy' });
    expect(r.nodeIds).toEqual(['a-copy']);
    expect(r.doc.edges.find((e) => e.source === 'a')?.target).toBe('a-copy');
    expect(r.doc.edges.find((e) => e.source === 'a-copy')?.target).toBe('b');
    expect(r.doc.nodes).toHaveLength(4);
  });

  it('does nothing for an unknown node', () => {
    const base = sample();
    expect(duplicate(base.doc, 'zzz', { currentChain: '1' }).doc).toBe(base.doc);
  });
});
