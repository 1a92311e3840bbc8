import { describe, expect, it } from 'vitest';
import { testFlow, testFunction, testPrompt } from '../testing/flowBuilder.js';
import { addNode } from './addNode.js';
import { copy, duplicate, paste } from './clipboard.js';
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
