import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '../format/types.js';
import { chainsOfTen, changedNodeIds, testFlow, testFunction, withStalePostAction } from '../testing/flowBuilder.js';
import { addNode } from './addNode.js';
import { connect, removeEdge, setPostAction } from './connect.js';
import { agreesWithItself, withNodes } from './edges.js';
import { invariantViolations } from './invariants.js';

/** Chain 1: a -> b; chain 2: c (linked from b by a chain edge); plus an unlinked d in chain 2. */
function twoChains() {
  let r = addNode(testFlow(), testFunction('Alpha'), { currentChain: '0', id: 'a' });
  r = addNode(r.doc, testFunction('Beta'), { currentChain: r.currentChain, id: 'b' });
  r = addNode(r.doc, testFunction('Gamma'), { currentChain: r.currentChain, newChain: true, id: 'c' });
  r = addNode(r.doc, testFunction('Delta'), { currentChain: r.currentChain, id: 'd' });
  return r.doc;
}

describe('connect', () => {
  it('refuses to connect a node to itself with the spec text', () => {
    expect(connect(twoChains(), 'a', 'a')).toEqual({ ok: false, error: 'Error: Cannot connect a node to itself' });
  });

  it('refuses a second incoming edge with the spec text naming the target', () => {
    expect(connect(twoChains(), 'd', 'b')).toEqual({ ok: false, error: 'Error: Node: Beta already has an incoming edge' });
  });

  it('refuses a loop with the spec text naming the node that would close it, and changes nothing', () => {
    expect(connect(twoChains(), 'd', 'a')).toEqual({ ok: false, error: 'Cycle detected at Delta' });
  });

  it('replaces the source follow-up and points its post action at the target', () => {
    const doc = removeEdge(twoChains(), 'edge-c-to-d');
    const r = connect(doc, 'a', 'd');
    if (!r.ok) throw new Error(r.error);
    expect(r.doc.edges.find((e) => e.source === 'a')).toEqual({ id: 'edge-a-to-d', source: 'a', target: 'd', kind: 'chain' });
    expect(r.doc.edges.some((e) => e.id === 'edge-a-to-b')).toBe(false);
    expect(r.doc.nodes.find((n) => n.id === 'a')?.data).toMatchObject({ post_action_type: 'function', post_action_function_id: 'd' });
    expect(invariantViolations(r.doc)).toEqual([]);
  });

  it('makes a node edge within a chain', () => {
    const doc = removeEdge(twoChains(), 'edge-a-to-b');
    const r = connect(doc, 'a', 'b');
    expect(r.ok && r.doc.edges.find((e) => e.id === 'edge-a-to-b')?.kind).toBe('node');
  });

  it('leaves the flow unchanged when the same edge exists', () => {
    const doc = twoChains();
    const r = connect(doc, 'a', 'b');
    expect(r.ok && r.doc).toBe(doc);
  });
});

describe('removeEdge', () => {
  it('resets the source post action to none and an empty function id', () => {
    const doc = removeEdge(twoChains(), 'edge-a-to-b');
    expect(doc.nodes.find((n) => n.id === 'a')?.data).toMatchObject({ post_action_type: 'none', post_action_function_id: '' });
    expect(doc.edges.map((e) => e.id)).not.toContain('edge-a-to-b');
  });
});

describe('setPostAction', () => {
  it('connects to the chosen function for Execute Function, replacing the old edge', () => {
    const doc = removeEdge(twoChains(), 'edge-c-to-d');
    const r = setPostAction(doc, 'b', 'function', 'd');
    expect(r.ok && r.doc.edges.filter((e) => e.source === 'b').map((e) => e.target)).toEqual(['d']);
  });

  it('removes the follow-up for other post action types', () => {
    const r = setPostAction(twoChains(), 'a', 'trigger_response');
    if (!r.ok) throw new Error(r.error);
    expect(r.doc.edges.some((e) => e.source === 'a')).toBe(false);
    expect(r.doc.nodes.find((n) => n.id === 'a')?.data).toMatchObject({
      post_action_type: 'trigger_response',
      post_action_function_id: '',
    });
  });

  it('refuses Execute Function without a target', () => {
    expect(setPostAction(twoChains(), 'a', 'function').ok).toBe(false);
  });
});

describe('connect, removeEdge and setPostAction on a large flow', () => {
  const largeFlow = () => chainsOfTen(20);

  it('change only the nodes whose links changed; every other node and edge object is kept by reference', () => {
    const doc = largeFlow();
    const cut = removeEdge(doc, 'edge-c7-4-to-c7-5');
    expect(changedNodeIds(doc, cut)).toEqual(['c7-4']);
    const r = connect(cut, 'c3-9', 'c7-5');
    if (!r.ok) throw new Error(r.error);
    expect(invariantViolations(r.doc)).toEqual([]);
    // c3-9 had a chain edge to c4-0: it now points at c7-5.
    expect(changedNodeIds(cut, r.doc)).toEqual(['c3-9']);
    const oldEdges = new Set(cut.edges);
    expect(r.doc.edges.filter((e) => !oldEdges.has(e)).map((e) => e.id)).toEqual(['edge-c3-9-to-c7-5']);
    const none = setPostAction(r.doc, 'c3-9', 'none');
    if (!none.ok) throw new Error(none.error);
    expect(invariantViolations(none.doc)).toEqual([]);
    expect(changedNodeIds(r.doc, none.doc)).toEqual(['c3-9']);
  });

  it('still mends the whole flow when it was not made by the graph operations (a post action out of step far away)', () => {
    const doc = largeFlow();
    const loaded = withStalePostAction(doc, 'c1-0');
    expect(invariantViolations(loaded)).toEqual(['post action of c1-0']);
    expect(invariantViolations(removeEdge(loaded, 'edge-c7-4-to-c7-5'))).toEqual([]);
  });

  it('after nodes moved or edited (withNodes), still changes only the nodes whose links changed', () => {
    const doc = largeFlow();
    const moved = withNodes(
      doc,
      doc.nodes.map((n) => (n.id === 'c2-3' ? { ...n, position: { x: n.position.x + 40, y: n.position.y } } : n)),
    );
    const cut = removeEdge(moved, 'edge-c7-4-to-c7-5');
    expect(invariantViolations(cut)).toEqual([]);
    expect(changedNodeIds(moved, cut)).toEqual(['c7-4']);
  });

  it('agreesWithItself: true for a copy of a flow in step (as read from a file), false for one out of step, which is still mended', () => {
    const doc = largeFlow();
    const read: FlowDocument = structuredClone(doc);
    expect(agreesWithItself(read)).toBe(true);
    const cut = removeEdge(read, 'edge-c7-4-to-c7-5');
    expect(changedNodeIds(read, cut)).toEqual(['c7-4']);
    const stale = withStalePostAction(structuredClone(doc), 'c1-0');
    expect(agreesWithItself(stale)).toBe(false);
    expect(invariantViolations(removeEdge(stale, 'edge-c7-4-to-c7-5'))).toEqual([]);
  });

  it('withNodes does not take a change of post action for a move: the flow is still mended whole', () => {
    const doc = largeFlow();
    const stale = withNodes(doc, withStalePostAction(doc, 'c1-0').nodes);
    expect(invariantViolations(stale)).toEqual(['post action of c1-0']);
    expect(invariantViolations(removeEdge(stale, 'edge-c7-4-to-c7-5'))).toEqual([]);
  });
});
