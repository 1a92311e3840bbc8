import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileFlow, createClient, isApiError, nodeSchema, parseFlow, walkOrder, type FlowDocument } from '@flow/core';
import { sampleFlow, startTestServer, type TestServer } from '../testServer.test-helper.js';

async function storedDoc(server: TestServer, planId: string): Promise<FlowDocument> {
  const parsed = parseFlow(await readFile(join(server.dir, planId, 'production.flow.json'), 'utf8'));
  if (!parsed.ok) throw new Error('stored flow does not parse');
  return parsed.doc;
}

const requestOf = (doc: FlowDocument) => ({ flowSchema: nodeSchema(doc), nodes: doc.nodes, nodesInSequence: walkOrder(doc) });

describe('POST /api/gpt/{planId}/{versionName}/generate_system_prompt', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('compiles the stored flow when the body has no edges', async () => {
    const doc = await storedDoc(server, 'support-desk');
    const res = await server.call('POST', '/api/gpt/support-desk/production/generate_system_prompt', { json: requestOf(doc) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(compileFlow(doc));
  });

  it('compiles the nodes and edges of the body with the stored texts', async () => {
    const stored = await storedDoc(server, 'support-desk');
    const edited = sampleFlow('support-desk', 'production', 2, 'Edited');
    const res = await server.call('POST', '/api/gpt/support-desk/production/generate_system_prompt', {
      json: { ...requestOf(edited), edges: edited.edges },
    });
    const body: { system_message: string; system_message_prefix: string } = await res.json();
    expect(body.system_message).toContain('Edited 1');
    expect(body.system_message_prefix).toBe(stored.agentContext);
  });

  it("answers 400 'Error: No chains in flow' for an empty flow", async () => {
    const res = await server.call('POST', '/api/gpt/empty-plan/production/generate_system_prompt', {
      json: { flowSchema: {}, nodes: [], nodesInSequence: [] },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'NO_CHAINS', message: 'Error: No chains in flow' } });
  });

  it('compiles the nodes and edges of the body against an empty flow for a version never written', async () => {
    const edited = sampleFlow('new-plan', 'draft', 2, 'Fresh');
    const res = await server.call('POST', '/api/gpt/new-plan/draft/generate_system_prompt', {
      json: { ...requestOf(edited), edges: edited.edges },
    });
    expect(res.status).toBe(200);
    const body: { system_message: string; system_message_prefix: string } = await res.json();
    expect(body.system_message).toContain('Fresh 1');
    expect(body.system_message_prefix).toBe('');
  });

  it('refuses fields of the wrong type with 400', async () => {
    const res = await server.call('POST', '/api/gpt/support-desk/production/generate_system_prompt', { json: { nodes: 'all' } });
    expect(res.status).toBe(400);
  });
});

describe('POST /api/gpt/{planId}/{versionName}/deconstruct_flow', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('gives back the steps of a compiled flow', async () => {
    const doc = await storedDoc(server, 'lead-qualifier');
    const { system_message } = compileFlow(doc);
    const res = await server.call('POST', '/api/gpt/lead-qualifier/production/deconstruct_flow', {
      json: { flowSchema: nodeSchema(doc), systemPrompt: system_message },
    });
    expect(res.status).toBe(200);
    const body: { workflow_steps: { Query_Instruction: string; Chain: string }[] } = await res.json();
    expect(body.workflow_steps.map((s) => s.Chain)).toEqual(['1', '2', '3']);
    expect(body.workflow_steps[0]?.Query_Instruction).not.toBe('');
  });

  it('refuses a missing systemPrompt or a malformed flowSchema with 400', async () => {
    const noPrompt = await server.call('POST', '/api/gpt/x/y/deconstruct_flow', { json: { flowSchema: {} } });
    expect(noPrompt.status).toBe(400);
    const badSchema = await server.call('POST', '/api/gpt/x/y/deconstruct_flow', { json: { flowSchema: { 1: 'x' }, systemPrompt: '' } });
    expect(badSchema.status).toBe(400);
  });
});

describe('the API client against the gpt calls', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('generates and deconstructs, and reports an empty flow with the spec message', async () => {
    const client = createClient({ baseUrl: server.url });
    const doc = await storedDoc(server, 'onboarding-coach');
    const prompt = await client.generateSystemPrompt('onboarding-coach', 'production', requestOf(doc));
    expect(prompt).toEqual(compileFlow(doc));
    const steps = await client.deconstructFlow('onboarding-coach', 'production', {
      flowSchema: nodeSchema(doc),
      systemPrompt: prompt.system_message,
    });
    expect(steps.length).toBeGreaterThan(0);
    const failure = await client
      .generateSystemPrompt('nothing', 'production', { flowSchema: {}, nodes: [], nodesInSequence: [] })
      .catch((e: unknown) => e);
    expect(isApiError(failure) && failure.message).toBe('Failed to generate system prompt');
    expect(isApiError(failure) && failure.providerMessage).toBe('Error: No chains in flow');
  });
});
