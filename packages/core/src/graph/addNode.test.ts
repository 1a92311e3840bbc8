import { describe, expect, it } from 'vitest';
import { chainsOfTen, testFlow, testFunction, testPrompt, testWorkflow, withStalePostAction } from '../testing/flowBuilder.js';
import { addNode } from './addNode.js';
import { invariantViolations } from './invariants.js';

function chainOfThree() {
  let r = addNode(testFlow(), testFunction('a'), { currentChain: '0', id: 'a' });
  r = addNode(r.doc, testFunction('b'), { currentChain: r.currentChain, id: 'b' });
  r = addNode(r.doc, testFunction('c'), { currentChain: r.currentChain, id: 'c' });
  return r;
}

describe('addNode', () => {
  it('creates chain 1 at the default position 50,200 when the current chain is 0', () => {
    const r = addNode(testFlow(), testFunction('a'), { currentChain: '0', id: 'a' });
    expect(r.currentChain).toBe('1');
    expect(r.doc.nodes).toHaveLength(1);
    expect(r.doc.nodes[0]).toMatchObject({ id: 'a', chain: '1', position: { x: 50, y: 200 } });
    expect(r.doc.startNodeId).toBe('a');
  });

  it('gives a function node its id as uuid and no follow-up', () => {
    const r = addNode(testFlow(), testFunction('a'), { currentChain: '0', id: 'a' });
    expect(r.doc.nodes[0]?.data).toMatchObject({ uuid: 'a', post_action_type: 'none', post_action_function_id: '' });
  });

  it('places a node 150 px below the last node of the chain after a function and links it', () => {
    const r = chainOfThree();
    expect(r.doc.nodes.map((n) => n.position.y)).toEqual([200, 350, 500]);
    expect(r.doc.edges.map((e) => e.id)).toEqual(['edge-a-to-b', 'edge-b-to-c']);
    expect(r.doc.edges.every((e) => e.kind === 'node')).toBe(true);
    expect(r.doc.nodes[0]?.data).toMatchObject({ post_action_type: 'function', post_action_function_id: 'b' });
  });

  it('places a node 350 px below a prompt node that is last in the chain', () => {
    let r = addNode(testFlow(), testPrompt('Greet'), { currentChain: '0', id: 'p' });
    r = addNode(r.doc, testFunction('b'), { currentChain: r.currentChain, id: 'b' });
    expect(r.doc.nodes.find((n) => n.id === 'b')?.position).toEqual({ x: 50, y: 550 });
  });

  it('places a node 200 px below a selected function node, splices it in and pushes lower nodes down', () => {
    const base = chainOfThree();
    const r = addNode(base.doc, testFunction('x'), { currentChain: base.currentChain, selectedId: 'a', id: 'x' });
    const y = Object.fromEntries(r.doc.nodes.map((n) => [n.id, n.position.y]));
    expect(y).toEqual({ a: 200, x: 400, b: 550, c: 700 });
    expect(r.doc.edges.map((e) => e.id).sort()).toEqual(['edge-a-to-x', 'edge-b-to-c', 'edge-x-to-b']);
    expect(r.doc.nodes.find((n) => n.id === 'x')?.data).toMatchObject({ post_action_function_id: 'b' });
  });

  it('uses 330 px below a selected prompt or workflow node', () => {
    let r = addNode(testFlow(), testPrompt('p'), { currentChain: '0', id: 'p' });
    r = addNode(r.doc, testFunction('f'), { currentChain: r.currentChain, selectedId: 'p', id: 'f' });
    expect(r.doc.nodes.find((n) => n.id === 'f')?.position.y).toBe(530);
    let w = addNode(testFlow(), testWorkflow('w'), { currentChain: '0', id: 'w' });
    w = addNode(w.doc, testFunction('f'), { currentChain: w.currentChain, selectedId: 'w', id: 'f' });
    expect(w.doc.nodes.find((n) => n.id === 'f')?.position.y).toBe(530);
  });

  it('starts a new chain 400 px right of the previous chain first node, linked from its last node', () => {
    const base = chainOfThree();
    const r = addNode(base.doc, testFunction('d'), { currentChain: base.currentChain, newChain: true, id: 'd' });
    expect(r.currentChain).toBe('2');
    expect(r.doc.nodes.find((n) => n.id === 'd')).toMatchObject({ chain: '2', position: { x: 450, y: 200 } });
    expect(r.doc.edges.find((e) => e.target === 'd')).toEqual({ id: 'edge-c-to-d', source: 'c', target: 'd', kind: 'chain' });
    expect(invariantViolations(r.doc)).toEqual([]);
  });

  it('makes the new chain number the current one plus one even with a node selected', () => {
    const base = chainOfThree();
    const r = addNode(base.doc, testFunction('d'), { currentChain: '1', selectedId: 'b', newChain: true, id: 'd' });
    expect(r.doc.nodes.find((n) => n.id === 'd')?.chain).toBe('2');
  });
});

describe('addNode with a drop position', () => {
  it('puts a detached node at the drop point in the current chain without linking it', () => {
    const base = chainOfThree();
    const r = addNode(base.doc, testFunction('x'), { currentChain: '1', id: 'x', detached: true, position: { x: 9, y: 9 } });
    expect(r.doc.nodes.find((n) => n.id === 'x')).toMatchObject({ chain: '1', position: { x: 9, y: 9 } });
    expect(r.doc.edges.some((e) => e.source === 'x' || e.target === 'x')).toBe(false);
  });

  it('links a dropped node after the selected one but keeps the drop point', () => {
    const base = chainOfThree();
    const r = addNode(base.doc, testFunction('x'), { currentChain: '1', id: 'x', selectedId: 'c', position: { x: 7, y: 7 } });
    expect(r.doc.nodes.find((n) => n.id === 'x')?.position).toEqual({ x: 7, y: 7 });
    expect(r.doc.edges.find((e) => e.source === 'c')?.target).toBe('x');
  });
});

describe('addNode on a large flow (work proportional to what changed)', () => {
  const largeFlow = () => chainsOfTen(60);

  it('keeps every node and edge object it did not change, by reference, when spliced in after a selected node', () => {
    const doc = largeFlow();
    const r = addNode(doc, testFunction('new'), { currentChain: '60', selectedId: 'c30-4', id: 'new' });
    expect(invariantViolations(r.doc)).toEqual([]);
    const before = new Map(doc.nodes.map((n) => [n.id, n]));
    // The anchor (its follow-up) and the nodes below it in its chain (pushed down) are new objects.
    const changed = r.doc.nodes.filter((n) => before.get(n.id) !== n).map((n) => n.id);
    expect(changed).toEqual(['c30-4', 'c30-5', 'c30-6', 'c30-7', 'c30-8', 'c30-9', 'new']);
    const oldEdges = new Set(doc.edges);
    expect(r.doc.edges.filter((e) => !oldEdges.has(e)).map((e) => e.id)).toEqual(['edge-c30-4-to-new', 'edge-new-to-c30-5']);
    expect(r.doc.nodes.find((n) => n.id === 'c30-4')?.data).toMatchObject({ post_action_type: 'function', post_action_function_id: 'new' });
  });

  it('keeps every other node object when a new chain is added, linked from the last chain', () => {
    const doc = largeFlow();
    const r = addNode(doc, testFunction('new'), { currentChain: '60', newChain: true, id: 'new' });
    expect(invariantViolations(r.doc)).toEqual([]);
    const before = new Map(doc.nodes.map((n) => [n.id, n]));
    expect(r.doc.nodes.filter((n) => before.get(n.id) !== n).map((n) => n.id)).toEqual(['c60-9', 'new']);
    expect(r.doc.edges.at(-1)).toMatchObject({ id: 'edge-c60-9-to-new', kind: 'chain' });
  });

  it('still mends the whole flow when it was not made by the graph operations (a post action out of step far away)', () => {
    const doc = largeFlow();
    const loaded = withStalePostAction(doc, 'c1-0');
    expect(invariantViolations(loaded)).toEqual(['post action of c1-0']);
    const r = addNode(loaded, testFunction('new'), { currentChain: '60', selectedId: 'c30-4', id: 'new' });
    expect(invariantViolations(r.doc)).toEqual([]);
  });
});
