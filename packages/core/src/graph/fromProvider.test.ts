import { describe, expect, it } from 'vitest';
import { testFunction } from '../testing/flowBuilder.js';
import type { FunctionNodeData } from '../format/types.js';
import { buildFlowFromProvider, flowFunctions } from './fromProvider.js';
import { invariantViolations } from './invariants.js';

function fn(uuid: string, next = ''): FunctionNodeData {
  const base = testFunction(uuid);
  if (base.type !== 'function') throw new Error('expected a function');
  return { ...base.data, uuid, post_action_type: next ? 'function' : 'none', post_action_function_id: next };
}

const prompt = { system_message: 'SYS', system_message_prefix: 'PRE', system_message_suffix: 'SUF' };

describe('buildFlowFromProvider', () => {
  it('adds an Instruct node per step with an instruction, then the step chain nodes', () => {
    const doc = buildFlowFromProvider({
      planId: 'p',
      versionName: 'v',
      functions: [fn('a', 'b'), fn('b'), fn('solo')],
      systemPrompt: prompt,
      steps: [
        { Query_Instruction: 'Greet the user', Chain: '1' },
        { Query_Instruction: '', Chain: '2' },
      ],
    });
    expect(doc.nodes.map((n) => [n.type, n.chain])).toEqual([
      ['prompt', '1'],
      ['function', '1'],
      ['function', '1'],
      ['function', '2'],
    ]);
    expect(doc.nodes[0]?.data).toMatchObject({ prompt: 'Greet the user', name: 'Instruct' });
    expect(doc).toMatchObject({ systemPrompt: 'SYS', agentContext: 'PRE', agentNotes: 'SUF' });
    expect(invariantViolations(doc)).toEqual([]);
  });

  it('keeps chains no step names, and skips steps naming no chain', () => {
    const doc = buildFlowFromProvider({
      planId: 'p',
      versionName: 'v',
      functions: [fn('a'), fn('b')],
      systemPrompt: prompt,
      steps: [{ Query_Instruction: 'x', Chain: '9' }],
    });
    expect(flowFunctions(doc).map((f) => f.uuid)).toEqual(['a', 'b']);
  });
});
