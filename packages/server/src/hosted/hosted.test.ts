import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Workflow } from '@flow/core';
import { rawRequest, snapshotFolder, startTestServer, type TestServer } from '../testServer.test-helper.js';
import { CREATE_WORKFLOW_SCRIPT } from './createWorkflowScript.js';
import { FakeElement, createWorkflowDom } from './fakeDom.test-helper.js';

const EVIL = '<script>alert("x")</script>';

describe('hosted pages', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('create-workflow renders a form with name, description and step rows, under a strict policy', async () => {
    for (const plan of ['support-desk', 'default']) {
      const res = await server.call('GET', `/hosted/create-workflow/${plan}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self';.*frame-ancestors 'self'/);
      const html = await res.text();
      // No inline script: the page's one script is a file of this server.
      expect([...html.matchAll(/<script[^>]*>([^<]*)<\/script>/g)].map((m) => [m[0].match(/src="([^"]+)"/)?.[1], m[1]])).toEqual([
        ['/hosted/assets/create-workflow.js', ''],
      ]);
      expect(html).toContain(`data-plan-id="${plan}"`);
      for (const part of ['name="name"', 'name="description"', 'name="skill"', 'name="stepName"', 'name="config"', 'id="add-step"']) {
        expect(html).toContain(part);
      }
      expect(html).not.toMatch(/(src|href)="https?:/);
    }
    expect((await rawRequest(server.url, 'GET', '/hosted/create-workflow/..')).status).toBe(400);
  });

  it('the create-workflow script saves the form through /api/workflows/save and shows the saved name', async () => {
    const dom = createWorkflowDom('support-desk');
    const window: Record<string, unknown> = {};
    window.parent = window;
    const relativeFetch = (path: string, init: RequestInit) => fetch(`${server.url}${path}`, init);
    runInNewContext(CREATE_WORKFLOW_SCRIPT, { document: dom.document, window, fetch: relativeFetch });
    if (!(dom.addStep instanceof FakeElement) || !(dom.status instanceof FakeElement)) throw new Error('page elements');
    const status = dom.status;
    dom.addStep.fire('click');
    expect(dom.steps.children).toHaveLength(2);
    dom.field('name').value = EVIL;
    dom.field('description').value = 'Made in the form';
    const [first, second] = dom.steps.children;
    if (!first || !second) throw new Error('rows');
    first.field('config').value = 'not json';
    dom.form.fire('submit');
    expect(status.textContent).toBe('Step 1: Invalid JSON format');
    first.field('config').value = '{"fields": ["email"]}';
    first.field('skill').value = 'form';
    first.field('stepName').value = 'Ask';
    second.querySelector('.remove-step')?.fire('click');
    dom.form.fire('submit');
    // The page's save is a real request to the provider: its answer comes when it comes.
    await vi.waitFor(() => expect(status).toMatchObject({ className: 'ok', textContent: `Saved workflow: ${EVIL}` }), { timeout: 10_000 });
    const list: Workflow[] = await (await server.call('GET', '/api/workflows/plans/support-desk')).json();
    expect(list).toEqual([
      expect.objectContaining({
        name: EVIL,
        description: 'Made in the form',
        json: { steps: [{ skill: 'form', name: 'Ask', config: { fields: ['email'] } }] },
      }),
    ]);
  });

  it('the session page shows the workflow and its numbered steps with their configuration, escaped', async () => {
    const saved: Workflow = await (
      await server.call('POST', '/api/workflows/save', {
        json: { name: EVIL, plan_id: 'support-desk', json: { steps: [{ skill: 'email', name: `${EVIL} step`, config: { note: EVIL } }] } },
      })
    ).json();
    const session: { hostedLink: string } = await (
      await server.call('POST', '/api/sessions/create-with-link', { json: { workflowId: saved.id, planId: 'support-desk' } })
    ).json();
    const res = await fetch(session.hostedLink);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toMatch(
      /<ol id="steps"><li class="card step" data-step-index="0" data-skill="email"><strong>&lt;script&gt;.* step<\/strong> <span class="muted">email<\/span><details class="step-config"><summary>Configuration<\/summary><pre>/,
    );
    // The steps run in the page, by a script of this server: no inline script.
    expect(html).toContain('<script src="/hosted/assets/session.js" defer></script>');
    expect(html).toContain('&quot;note&quot;');
    expect(html).toMatch(/started <time datetime="[^"]+" title="[^"]+">just now<\/time>/);
    expect((await server.call('GET', '/hosted/session/support-desk/unknown')).status).toBe(404);
  });

  it("the dashboard says 'Nothing published yet', then shows the publish, when, and earlier ones newest first", async () => {
    const empty = await (await server.call('GET', '/dashboard/support-desk/production')).text();
    expect(empty).toContain('Nothing published yet');
    const never = await server.call('GET', '/dashboard/new-plan/draft');
    expect(never.status).toBe(200);
    expect(await never.text()).toContain('Nothing published yet');
    const times: string[] = [];
    for (const message of ['First prompt', `Second ${EVIL}`]) {
      const res = await server.call('POST', '/api/mate/support-desk/production/system-prompt-custom', {
        json: { system_message_custom: message, system_message_prefix: `Prefix of ${message}`, system_message_suffix: 'Suffix' },
      });
      const body: { result: { publishedAt: string } } = await res.json();
      times.push(body.result.publishedAt);
    }
    const res = await server.call('GET', '/dashboard/support-desk/production');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('Nothing published yet');
    expect(html).not.toContain('<script>alert');
    const current = html.slice(html.indexOf('id="published"'), html.indexOf('Earlier publishes'));
    expect(current).toContain(`Published <time datetime="${times[1]}"`);
    // Dates read as people say them, the exact time on hover; the ISO form only in the attribute.
    expect(current).toMatch(/<time datetime="[^"]+" title="[^"]*\d{4}, \d{2}:\d{2}:\d{2} \([^)]+\)">just now<\/time>/);
    // (and in the address of an earlier publish's 'Roll back to this' form, which names it by its time).
    expect(html.replace(/(datetime|action)="[^"]*"/g, '')).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(html).toContain(`action="/dashboard/support-desk/production/rollback/${times[0]?.replace(/[:.]/g, '-') ?? ''}"`);
    expect(current).toContain('Second &lt;script&gt;');
    expect(current).toContain('Prefix of Second');
    expect(current).toContain('Suffix');
    expect(html.slice(html.indexOf('Earlier publishes'))).toContain(times[0]);
  });

  it('pages refuse ids outside the pattern and change nothing', async () => {
    const before = await snapshotFolder(server.dir);
    for (const path of ['/dashboard/%2e%2e/production', '/dashboard/support-desk/..%2F..%2Fetc', '/hosted/session/a%00b/x']) {
      const res = await rawRequest(server.url, 'GET', path);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ error: { code: 'INVALID_ID' } });
    }
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });
});
