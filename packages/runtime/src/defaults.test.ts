import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addNode, compileFlow, createFunctionData, createPromptData, emptyFlow, type FlowDocument } from '@flow/core';
import { createAgent } from './agent.js';
import { createModelClient } from './modelClient.js';
import { startScriptedModel, type ScriptedModelServer } from './testing/index.js';

/** A flow whose one Custom GPT was saved with no temperature, max tokens or output (as older flows and other clients write it). */
function bareCustomGpt(): FlowDocument {
  let doc: FlowDocument = emptyFlow('shop', 'production');
  let currentChain = '0';
  ({ doc, currentChain } = addNode(
    doc,
    { type: 'prompt', data: createPromptData('Help.') },
    { currentChain, newChain: true, id: 'intro' },
  ));
  const data = createFunctionData('custom_gpt', { uuid: 'ask', planId: 'shop', name: 'Ask model' });
  ({ doc } = addNode(
    doc,
    { type: 'function', data: { ...data, post_action_type: 'trigger_response', post_action_function_id: '' } },
    { currentChain, id: 'ask' },
  ));
  // Only a prompt, as a file may hold it: the defaults the editor fills in are taken out again.
  const bare = (n: FlowDocument['nodes'][number]): FlowDocument['nodes'][number] =>
    n.type === 'function' ? { ...n, data: { ...n.data, metadata: { prompt: 'Answer briefly.' } } } : n;
  return { ...doc, nodes: doc.nodes.map(bare) };
}

describe("a function type's defaults", () => {
  let model: ScriptedModelServer;
  beforeEach(async () => {
    model = await startScriptedModel();
  });
  afterEach(async () => {
    await model.close();
  });

  it('are what compiles and what runs: a Custom GPT without temperature or max tokens runs at 0.7 and 1000', async () => {
    const doc = bareCustomGpt();
    const prompt = compileFlow(doc).system_message;
    expect(prompt).toContain('0.7');
    expect(prompt).toContain('1000');
    const agent = createAgent({ doc, model: createModelClient({ baseUrl: model.baseUrl, model: 'm' }), env: {} });
    model.push({ toolCalls: [{ name: 'ask_model', arguments: { input: 'Hi' } }] }, { content: 'Hello.' }, { content: 'Done.' });
    await agent.turn('Hi');
    // The Custom GPT's own call: its prompt is the whole system message (the agent's compiled prompt only quotes it).
    const own = model.requests.find(
      (r) => JSON.stringify(r.messages[0]) === JSON.stringify({ role: 'system', content: 'Answer briefly.' }),
    );
    expect(own).toBeDefined();
    expect(own?.body).toMatchObject({ temperature: 0.7, max_tokens: 1000 });
    await agent.close();
  });
});
