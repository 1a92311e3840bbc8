import { describe, expect, it } from 'vitest';
import { addNode } from '../graph/addNode.js';
import { emptyFlow } from '../graph/fromProvider.js';
import { createPromptData } from '../graph/nodeData.js';
import type { FlowDocument } from '../format/types.js';
import { describeEdits } from './describeEdits.js';

function base(): FlowDocument {
  let doc = emptyFlow('p', 'v');
  doc = addNode(doc, { type: 'prompt', data: { ...createPromptData('Hi'), name: 'Greet' } }, { currentChain: '0', id: 'a' }).doc;
  return addNode(doc, { type: 'prompt', data: { ...createPromptData('Bye'), name: 'Close' } }, { currentChain: '1', id: 'b' }).doc;
}

describe('describeEdits', () => {
  it('names nothing for the same flow', () => {
    expect(describeEdits(base(), base())).toEqual([]);
  });

  it('names added, removed and changed nodes, connections and texts', () => {
    const before = base();
    const after: FlowDocument = {
      ...before,
      agentNotes: 'new notes',
      nodes: before.nodes.map((n) => (n.id === 'a' && n.type === 'prompt' ? { ...n, data: { ...n.data, prompt: 'Hello' } } : n)),
    };
    expect(describeEdits(before, after)).toEqual(["1 node changed: 'Greet'", 'Agent Notes and Style']);
    const added = addNode(
      before,
      { type: 'prompt', data: { ...createPromptData(''), name: 'Extra' } },
      { currentChain: '1', selectedId: 'b', id: 'c' },
    ).doc;
    expect(describeEdits(before, added)).toEqual(["1 node added: 'Extra'", '1 connection changed']);
    expect(describeEdits(added, before)).toEqual(["1 node removed: 'Extra'", '1 connection changed']);
  });

  it('names moved nodes when nothing else changed', () => {
    const before = base();
    const moved = { ...before, nodes: before.nodes.map((n) => ({ ...n, position: { x: n.position.x + 5, y: n.position.y } })) };
    expect(describeEdits(before, moved)).toEqual(['node positions']);
  });
});
