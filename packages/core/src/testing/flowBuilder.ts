import { emptyFlow } from '../graph/fromProvider.js';
import { addNode, type NewNode } from '../graph/addNode.js';
import { functionData } from '../compile/flowFixtures.js';
import type { FlowDocument } from '../format/types.js';

/** A complete function node data for tests: a function of `type` named `name`, no id yet. */
export function testFunction(name: string, type = 'instruct'): NewNode {
  return { type: 'function', data: functionData('', type, { prompt: `Do ${name}` }, { name, title: name }) };
}

/** A prompt (Instruct) node for tests. */
export function testPrompt(prompt: string): NewNode {
  return { type: 'prompt', data: { prompt, name: 'Instruct', nodeType: 'default', trigger_text: '⚡' } };
}

/** A workflow node for tests. */
export function testWorkflow(name: string): NewNode {
  return {
    type: 'workflow',
    data: { name, description: '', trigger_text: '⚡', metadata: { workflow_id: `wf-${name}` }, steps: [] },
  };
}

/** An empty flow for tests. */
export function testFlow(): FlowDocument {
  return emptyFlow('test-plan', 'production');
}

/** `chains` chains of ten functions `c{chain}-{i}`, built by addNode itself (a large flow known to agree). */
export function chainsOfTen(chains: number): FlowDocument {
  let r = addNode(testFlow(), testFunction('c1-0'), { currentChain: '0', id: 'c1-0' });
  for (let chain = 1; chain <= chains; chain++) {
    if (chain > 1) r = addNode(r.doc, testFunction(`c${chain}-0`), { currentChain: r.currentChain, newChain: true, id: `c${chain}-0` });
    for (let i = 1; i < 10; i++) r = addNode(r.doc, testFunction(`c${chain}-${i}`), { currentChain: r.currentChain, id: `c${chain}-${i}` });
  }
  return r.doc;
}

/** A copy of `doc` as read from a file, not made by the graph operations: its function `id` names no follow-up although an edge leaves it. */
export function withStalePostAction(doc: FlowDocument, id: string): FlowDocument {
  return {
    ...doc,
    nodes: doc.nodes.map((n) =>
      n.id === id && n.type === 'function'
        ? { ...n, data: { ...n.data, post_action_type: 'none' as const, post_action_function_id: '' } }
        : n,
    ),
  };
}

/** The ids of the nodes of `after` that are not the same objects as in `before` (added or changed). */
export function changedNodeIds(before: FlowDocument, after: FlowDocument): string[] {
  const old = new Map(before.nodes.map((n) => [n.id, n]));
  return after.nodes.filter((n) => old.get(n.id) !== n).map((n) => n.id);
}
