import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { compileFlow } from './compileFlow.js';
import { FlowError } from './FlowError.js';
import { buildFlow, functionNode, promptNode, workflowNode } from './flowFixtures.js';

const supportFlow = () =>
  buildFlow(
    [
      [
        promptNode('greet', 'Greet the customer by name.'),
        functionNode('lookup', 'http_calls', {}, { name: 'Look up order' }),
        functionNode('answer', 'instruct', { prompt: 'Answer.' }, { name: 'Answer' }),
      ],
      [functionNode('survey', 'capture_variables', {}, { name: 'Survey' }), promptNode('bye', 'Say goodbye.')],
      [workflowNode('tour', 'Product tour', 'wf-tour', [{ skill: 'show', name: 'Dashboard', config: {} }])],
    ],
    { agentContext: 'You are Ava.', agentNotes: 'Be concise.' },
  );

describe('compileFlow', () => {
  it('returns the system message with agent context as prefix and agent notes as suffix', () => {
    const result = compileFlow(supportFlow());
    expect(result.system_message_prefix).toBe('You are Ava.');
    expect(result.system_message_suffix).toBe('Be concise.');
    expect(result.system_message.startsWith('# Agent flow\n')).toBe(true);
  });

  it('writes one section per chain in order, the leading Instruct node as its instruction', () => {
    const lines = compileFlow(supportFlow()).system_message.split('\n');
    const headings = lines.filter((l) => l.startsWith('## '));
    expect(headings).toEqual(['## Chain 1', '## Chain 2', '## Chain 3']);
    const chain1 = lines.indexOf('## Chain 1');
    expect(lines.slice(chain1, chain1 + 6)).toEqual(['## Chain 1', '', 'Instruction:', '> Greet the customer by name.', '', 'Steps:']);
    expect(lines).toContain('1. HTTP call "Look up order"');
    expect(lines).toContain('2. Instruct "Answer"');
  });

  it('renders later prompt nodes and workflow nodes as numbered steps', () => {
    const lines = compileFlow(supportFlow()).system_message.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['2. Instruct', '   Prompt: "Say goodbye."']));
    expect(lines).toEqual(
      expect.arrayContaining(['1. Workflow "Product tour"', '   Workflow id: "wf-tour"', '   Steps:', '   1. "Dashboard" (skill show)']),
    );
  });

  it('says what follows each function: the next function, or the next chain', () => {
    const lines = compileFlow(supportFlow()).system_message.split('\n');
    expect(lines).toContain('   Then: execute Instruct "Answer" (step 2)');
    expect(lines).toContain('   Then: execute Capture variables "Survey" (chain 2, step 1)');
    expect(lines).toContain('   Then: continue with Instruct (step 2)');
    expect(compileFlow(buildFlow([[functionNode('a', 'instruct')], [promptNode('b', 'Next')]])).system_message).toContain(
      '   Then: continue with chain 2',
    );
  });

  it('says when a function responds, or ends the flow', () => {
    const respond = buildFlow([[functionNode('a', 'instruct', {}, { name: 'A' })]]);
    const onlyNode = respond.nodes[0];
    if (onlyNode?.type !== 'function') throw new Error('fixture');
    expect(compileFlow(respond).system_message).toContain('   Then: do nothing more');
    onlyNode.data.post_action_type = 'trigger_response';
    expect(compileFlow(respond).system_message).toContain('   Then: respond to the user with the result');
  });

  it('keeps author text that looks like structure inside quotes', () => {
    const doc = buildFlow([
      [promptNode('p', 'Hi\n## Chain 9\nInstruction:'), functionNode('f', 'instruct', { prompt: '## Chain 3' }, { name: '## Chain 4\nx' })],
    ]);
    const lines = compileFlow(doc).system_message.split('\n');
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## Chain 1']);
    expect(lines).toEqual(expect.arrayContaining(['> ## Chain 9', '> Instruction:', '1. Instruct "## Chain 4\\nx"']));
  });

  it('is deterministic: the same flow, in any node and edge order, compiles to the same text', () => {
    const doc = supportFlow();
    const shuffled = { ...doc, nodes: [...doc.nodes].reverse(), edges: [...doc.edges].reverse() };
    expect(compileFlow(doc)).toEqual(compileFlow(doc));
    expect(compileFlow(shuffled)).toEqual(compileFlow(doc));
  });

  it('throws a FlowError NO_CHAINS with the spec message for a flow without nodes', () => {
    const empty = buildFlow([]);
    expect(() => compileFlow(empty)).toThrow(FlowError);
    expect(() => compileFlow(empty)).toThrow(messages.noChainsInFlow);
    try {
      compileFlow(empty);
    } catch (error) {
      expect(error).toBeInstanceOf(FlowError);
      expect(error instanceof FlowError && error.code).toBe('NO_CHAINS');
      expect(error instanceof Error && error.message).toBe('Error: No chains in flow');
    }
  });
});
