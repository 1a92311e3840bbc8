// What crosses between the page and the save worker: flows as their changed parts, errors of their own class.
import { ApiError, FlowConflictError, parseFlow, type FlowDocument } from '@flow/core';
import { describe, expect, it } from 'vitest';
import supportDesk from '../../../../examples/support-desk/production.flow.json';
import { createFlowReceiver, createFlowSender, receivedError, sendError } from './saveMessages';

function example(prompt: string): FlowDocument {
  const parsed = parseFlow(JSON.stringify(supportDesk));
  if (!parsed.ok) throw new Error('the example does not parse');
  const nodes = parsed.doc.nodes.map((n) => (n.id === 'support-greet' && n.type === 'prompt' ? { ...n, data: { ...n.data, prompt } } : n));
  return { ...parsed.doc, nodes };
}

describe('a flow sent to the save worker', () => {
  it('names by id the nodes and edges sent before, and the worker rebuilds the same flow from them', () => {
    const sender = createFlowSender();
    const receiver = createFlowReceiver();
    const first = example('first');
    expect(receiver.flow('k', structuredClone(sender.flow('k', first)))).toEqual(first);
    const edited = {
      ...first,
      nodes: example('second').nodes.map((n) => (n.id === 'support-greet' ? n : (first.nodes.find((m) => m.id === n.id) ?? n))),
    };
    const sent = structuredClone(sender.flow('k', edited));
    // As many nodes and edges as before: only the changed node crosses, by its position.
    expect(sent.nodes).toEqual({
      length: first.nodes.length,
      changed: [[first.nodes.findIndex((n) => n.id === 'support-greet'), edited.nodes.find((n) => n.id === 'support-greet')]],
    });
    expect(sent.edges).toEqual({ length: first.edges.length, changed: [] });
    expect(receiver.flow('k', sent)).toEqual(edited);
    // A node removed: the others cross as their ids, and the worker rebuilds the flow without it.
    const removed = { ...edited, nodes: edited.nodes.filter((n) => n.id !== 'support-greet') };
    const fewer = structuredClone(sender.flow('k', removed));
    expect('list' in fewer.nodes && fewer.nodes.list.every((n) => typeof n === 'string')).toBe(true);
    expect(receiver.flow('k', fewer)).toEqual(removed);
  });

  it('never names by id a node replaced since (Undo gives back the earlier object)', () => {
    const sender = createFlowSender();
    const receiver = createFlowReceiver();
    const first = example('first');
    const greet = first.nodes.find((n) => n.id === 'support-greet');
    const edited = { ...first, nodes: first.nodes.map((n) => (n === greet ? { ...n, position: { x: 1, y: 1 } } : n)) };
    // The earlier greeting again, with a node fewer (named by ids): it must not be taken for the edited one.
    const undoneShorter = { ...first, nodes: first.nodes.filter((n) => n === greet || n !== first.nodes.at(-1)) };
    for (const doc of [first, edited, undoneShorter, first])
      expect(receiver.flow('k', structuredClone(sender.flow('k', doc)))).toEqual(doc);
  });

  it('starts a key again from a whole flow when the worker lost it (out of step)', () => {
    const sender = createFlowSender();
    const receiver = createFlowReceiver();
    const doc = example('x');
    receiver.flow('k', structuredClone(sender.flow('k', doc)));
    receiver.forget('k');
    const shorter = { ...doc, nodes: doc.nodes.slice(1) };
    expect(() => receiver.flow('k', structuredClone(sender.flow('k', shorter)))).toThrow(/^The page named a node it never sent: /);
    sender.forget('k');
    expect(receiver.flow('k', structuredClone(sender.flow('k', doc)))).toEqual(doc);
  });

  it('sends the whole flow under another key', () => {
    const sender = createFlowSender();
    const doc = example('x');
    sender.flow('a', doc);
    const sent = sender.flow('b', doc).nodes;
    expect('list' in sent && sent.list.every((n) => typeof n !== 'string')).toBe(true);
  });
});

describe('an error of the worker', () => {
  it('comes back a FlowConflictError with its ETag, or an ApiError with its details', () => {
    const conflict = receivedError(structuredClone(sendError(new FlowConflictError('Changed elsewhere', { status: 412 }, '"v9"'))));
    expect(conflict).toBeInstanceOf(FlowConflictError);
    expect(conflict).toMatchObject({ message: 'Changed elsewhere', status: 412, currentEtag: '"v9"', kind: 'http' });
    const failed = receivedError(structuredClone(sendError(new ApiError('Failed to save flow: offline', { kind: 'network' }))));
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).not.toBeInstanceOf(FlowConflictError);
    expect(failed).toMatchObject({ message: 'Failed to save flow: offline', kind: 'network' });
  });
});
