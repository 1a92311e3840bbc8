import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addNode,
  createFunctionData,
  createPromptData,
  emptyFlow,
  parseFlow,
  serializeFlow,
  type FlowDocument,
  type FlowNode,
  type NewNode,
} from '@flow/core';

const made: string[] = [];

/** A fresh temp folder for one test; `removeTempDirs` deletes them all. */
export function tempDir(prefix = 'flowctl-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Deletes every folder `tempDir` made in this test file (for afterAll). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const fn = (type: 'custom_gpt' | 'instruct' | 'capture_variables', id: string, name: string, planId: string): NewNode => ({
  type: 'function',
  data: createFunctionData(type, {
    uuid: id,
    planId,
    name,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  }),
});

/**
 * A small valid flow: chain 1 = Instruct `intro` -> Custom GPT `answer` -> Instruct function
 * `wrap`; chain 2 = Capture Variable `capture`. Chains are linked by a chain edge.
 */
export function sampleFlow(planId = 'sample-plan', withPrompt = true): FlowDocument {
  let doc: FlowDocument = { ...emptyFlow(planId, 'production'), agentContext: 'You are a test agent.', agentNotes: 'Be brief.' };
  let currentChain = '0';
  const steps: { id: string; node: NewNode; newChain?: boolean }[] = [
    ...(withPrompt ? [{ id: 'intro', node: { type: 'prompt' as const, data: createPromptData('Say hello.') }, newChain: true }] : []),
    { id: 'answer', node: fn('custom_gpt', 'answer', 'Answer', planId), newChain: !withPrompt },
    { id: 'wrap', node: fn('instruct', 'wrap', 'Wrap up', planId) },
    { id: 'capture', node: fn('capture_variables', 'capture', 'Capture email', planId), newChain: true },
  ];
  for (const step of steps) {
    const added = addNode(doc, step.node, { currentChain, newChain: step.newChain ?? false, id: step.id });
    doc = added.doc;
    currentChain = added.currentChain;
  }
  return doc;
}

/** The canonical text of a flow. */
export const flowText = (doc: FlowDocument): string => serializeFlow(doc);

/** One chain of functions only (Custom GPT `answer` -> Instruct `wrap`): what the spec's calls can carry exactly. */
export function singleChainFlow(planId: string): FlowDocument {
  const doc = sampleFlow(planId, false);
  const nodes = doc.nodes
    .filter((n) => n.id !== 'capture')
    .map((n) =>
      n.id === 'wrap' && n.type === 'function'
        ? { ...n, data: { ...n.data, post_action_type: 'none' as const, post_action_function_id: '' } }
        : n,
    );
  return { ...doc, nodes, edges: doc.edges.filter((e) => e.target !== 'capture') };
}

/**
 * `publish <file> --plan P --version V` with the file's own planId and versionName: test files are
 * kept outside the `<planId>/<versionName>.flow.json` layout, so they name their target.
 */
export function publishArgs(dir: string, file: string): string[] {
  const parsed = parseFlow(readFileSync(join(dir, file), 'utf8'));
  if (!parsed.ok) throw new Error(`${file} is not a flow`);
  return ['publish', file, '--plan', parsed.doc.planId, '--version', parsed.doc.versionName];
}

/** The node with another name (its kind kept, so the result is still a FlowNode). */
export function withName(node: FlowNode, name: string): FlowNode {
  switch (node.type) {
    case 'prompt':
      return { ...node, data: { ...node.data, name } };
    case 'workflow':
      return { ...node, data: { ...node.data, name } };
    case 'function':
      return { ...node, data: { ...node.data, name } };
  }
}
