import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Workflow } from '@flow/core';
import { startTestServer, type TestServer } from '../testServer.test-helper.js';

describe('a hosted session step', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  /** A session of a workflow of one form step with these fields. */
  async function formSession(fields: string[]): Promise<string> {
    const saved: Workflow = await (
      await server.call('POST', '/api/workflows/save', {
        json: { name: 'Sign up', plan_id: 'support-desk', json: { steps: [{ skill: 'form', name: 'Ask', config: { fields } }] } },
      })
    ).json();
    const session: { sessionId: string } = await (
      await server.call('POST', '/api/sessions/create-with-link', { json: { workflowId: saved.id, planId: 'support-desk' } })
    ).json();
    return `/api/sessions/support-desk/${session.sessionId}/steps/0`;
  }

  it('reads a form field named after a built-in property of objects (toString, valueOf) from the answers only', async () => {
    const step = await formSession(['toString', 'valueOf']);
    const missing = await server.call('POST', step, { json: { variables: {}, answers: {} } });
    expect(missing.status).toBe(200);
    expect(await missing.json()).toMatchObject({ step: { status: 'failed', output: 'Please fill in toString' }, next: null });
    const given = await server.call('POST', step, { json: { variables: {}, answers: { toString: 'Ann', valueOf: 'Bob' } } });
    expect(await given.json()).toMatchObject({
      step: { status: 'done', output: 'Filled: toString, valueOf' },
      variables: { toString: 'Ann', valueOf: 'Bob' },
    });
  });
});
