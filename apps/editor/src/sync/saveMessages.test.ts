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
    expect(sent.nodes.flatMap((n) => (typeof n === 'string' ? [] : [n.id]))).toEqual(['support-greet']);
    expect(sent.edges.every((e) => typeof e === 'string')).toBe(true);
    expect(receiver.flow('k', sent)).toEqual(edited);
  });

  it('sends the whole flow under another key', () => {
    const sender = createFlowSender();
    const doc = example('x');
    sender.flow('a', doc);
    expect(sender.flow('b', doc).nodes.some((n) => typeof n === 'string')).toBe(false);
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
