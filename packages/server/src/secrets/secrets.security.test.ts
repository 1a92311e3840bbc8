import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FlowDocument } from '@flow/core';
import {
  httpToolFlow,
  startRecordingService,
  startScriptedModel,
  type RecordingService,
  type ScriptedModelServer,
} from '@flow/runtime/testing';
import { ServerConfigError } from '../errors.js';
import { startTestServer, type TestServer } from '../testServer.test-helper.js';
import { secretPaths } from './folderSecrets.js';

// Values that must never leave the provider except to the tool that names them.
const MODEL_KEY = 'sk-model-key-5f1d2c';
const DB_PASSWORD = 'db-password-8e7a9b';
const ORDERS_TOKEN = 'orders-token-3c4d5e';
const KEY_A = Buffer.alloc(32, 7).toString('base64');
const KEY_B = Buffer.alloc(32, 9).toString('hex');

/** A flow whose one HTTP tool (`call_api`) sends the given secret references to `url` (bearer token and X-Api-Key). */
const leakyFlow = (url: string, bearer: string, header: string): FlowDocument =>
  httpToolFlow(
    {
      url: `${url}/orders`,
      authorization: 'bearer',
      bearer_token: { env: bearer },
      headers: [{ name: 'X-Api-Key', value: { env: header } }],
    },
    'Call API',
  );

describe('the provider secret store', () => {
  let server: TestServer;
  let model: ScriptedModelServer;
  let api: RecordingService;
  let env: Record<string, string | undefined>;

  beforeEach(async () => {
    model = await startScriptedModel();
    api = await startRecordingService({ ok: true });
    env = {
      FLOW_MODEL_BASE_URL: model.baseUrl,
      FLOW_MODEL: 'm',
      FLOW_MODEL_API_KEY: MODEL_KEY,
      DB_PASSWORD,
      ORDERS_TOKEN,
      FLOW_RUNTIME_ALLOW_PRIVATE: '1',
    };
    server = await startTestServer({ runtimeEnv: env });
  });
  afterEach(async () => {
    await server.close();
    await model.close();
    await api.close();
  });

  const chat = async (doc: FlowDocument): Promise<string> => {
    model.push({ toolCalls: [{ name: 'call_api', arguments: {} }] }, { content: 'Done.' });
    const res = await server.call('POST', '/api/runtime/shop/production/chat', {
      json: { doc, message: 'Go', messages: [], variables: {} },
    });
    expect(res.status).toBe(200);
    return res.text();
  };
  // What the model endpoint was sent besides its own key (which it must get).
  const everything = (stream: string): string =>
    [stream, JSON.stringify(api.requests), JSON.stringify(model.requests.map((r) => r.body))].join('\n');

  it("never hands a flow the provider's environment: its settings and other variables stay out of every request and answer", async () => {
    const stream = await chat(leakyFlow(api.url, 'FLOW_MODEL_API_KEY', 'DB_PASSWORD'));
    // The tool did not run with an empty credential: it said which secret is missing.
    expect(api.requests).toHaveLength(0);
    expect(stream).toContain('Secret FLOW_MODEL_API_KEY is not set on the provider');
    for (const secret of [MODEL_KEY, DB_PASSWORD]) expect(everything(stream)).not.toContain(secret);
  });

  it('says a secret named like a built-in (toString, constructor) is not set, never a function', async () => {
    const stream = await chat(leakyFlow(api.url, 'toString', 'constructor'));
    expect(api.requests).toHaveLength(0);
    expect(stream).toContain('"error":"Secret toString is not set on the provider"');
  });

  it('gives a tool the secrets set in the store, and only the ones it names', async () => {
    const put = await server.call('PUT', '/api/secrets/ORDERS_TOKEN', { json: { value: 'from-the-store-1a2b' } });
    expect(put.status).toBe(201);
    expect(await put.json()).toEqual({ name: 'ORDERS_TOKEN', updatedAt: expect.any(String) });
    expect((await server.call('PUT', '/api/secrets/API_HEADER', { json: { value: 'header-value-3c4d' } })).status).toBe(201);
    await chat(leakyFlow(api.url, 'ORDERS_TOKEN', 'API_HEADER'));
    expect(api.requests[0]?.headers.authorization).toBe('Bearer from-the-store-1a2b');
    expect(api.requests[0]?.headers['x-api-key']).toBe('header-value-3c4d');
    // The environment's variable of the same name was not used.
    expect(JSON.stringify(api.requests)).not.toContain(ORDERS_TOKEN);
  });

  it('reads the store at every turn of the same draft: a value changed or deleted between turns is never the one before', async () => {
    const doc = leakyFlow(api.url, 'ORDERS_TOKEN', 'API_HEADER');
    await server.call('PUT', '/api/secrets/API_HEADER', { json: { value: 'header-value-5e6f' } });
    await server.call('PUT', '/api/secrets/ORDERS_TOKEN', { json: { value: 'first-turn-9a8b' } });
    await chat(doc);
    await server.call('PUT', '/api/secrets/ORDERS_TOKEN', { json: { value: 'second-turn-7c6d' } });
    await chat(doc);
    expect(api.requests.map((r) => r.headers.authorization)).toEqual(['Bearer first-turn-9a8b', 'Bearer second-turn-7c6d']);
    expect((await server.call('DELETE', '/api/secrets/ORDERS_TOKEN')).status).toBe(204);
    const stream = await chat(doc);
    expect(api.requests).toHaveLength(2);
    expect(stream).toContain('Secret ORDERS_TOKEN is not set on the provider');
    // Neither value went anywhere but to the tool, at its own turn.
    const sent = [stream, JSON.stringify(model.requests.map((r) => r.body))].join('\n');
    for (const value of ['first-turn-9a8b', 'second-turn-7c6d']) expect(sent).not.toContain(value);
  });

  it("refuses the provider's own settings as secret names, and bad names and values", async () => {
    for (const name of ['FLOW_MODEL_API_KEY', 'FLOW_TOKEN', 'FLOW_SECRETS_KEY', 'DATABASE_URL', 'PGPASSWORD', 'flow_model_api_key']) {
      const res = await server.call('PUT', `/api/secrets/${name}`, { json: { value: 'x' } });
      expect(res.status, name).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: 'INVALID_SECRET_NAME',
          message: `${name} is a setting of the provider itself: it can never be a secret a flow reads`,
        },
      });
    }
    expect((await server.call('PUT', '/api/secrets/9LIVES', { json: { value: 'x' } })).status).toBe(400);
    expect((await server.call('PUT', '/api/secrets/my-key', { json: { value: 'x' } })).status).toBe(400);
    expect((await server.call('PUT', '/api/secrets/EMPTY', { json: { value: '' } })).status).toBe(400);
    expect((await server.call('PUT', '/api/secrets/NUMBER', { json: { value: 42 } })).status).toBe(400);
    expect((await server.call('PUT', '/api/secrets/LONG', { json: { value: 'x'.repeat(16_385) } })).status).toBe(400);
    expect(await (await server.call('GET', '/api/secrets')).json()).toEqual({ secrets: [] });
  });

  it('lists names and times, never values; deletes; keeps values encrypted in a private, git-ignored folder', async () => {
    await server.call('PUT', '/api/secrets/ORDERS_TOKEN', { json: { value: 'first-value-77aa' } });
    const replaced = await server.call('PUT', '/api/secrets/ORDERS_TOKEN', { json: { value: 'second-value-88bb' } });
    expect(replaced.status).toBe(200);
    const listed = await (await server.call('GET', '/api/secrets')).text();
    expect(JSON.parse(listed)).toEqual({ secrets: [{ name: 'ORDERS_TOKEN', updatedAt: expect.any(String) }] });
    const paths = secretPaths(server.dir);
    const onDisk = await readFile(paths.records, 'utf8');
    for (const text of [listed, onDisk]) {
      expect(text).not.toContain('first-value-77aa');
      expect(text).not.toContain('second-value-88bb');
    }
    expect((await stat(paths.records)).mode & 0o777).toBe(0o600);
    expect((await stat(paths.key)).mode & 0o777).toBe(0o600);
    expect((await stat(paths.folder)).mode & 0o777).toBe(0o700);
    expect(await readFile(join(paths.folder, '.gitignore'), 'utf8')).toBe('*\n');
    // Not a plan: the plan list stays as it was.
    expect(JSON.stringify(await (await server.call('GET', '/api/plans')).json())).not.toContain('flow-secrets');
    expect((await server.call('DELETE', '/api/secrets/ORDERS_TOKEN')).status).toBe(204);
    const gone = await server.call('DELETE', '/api/secrets/ORDERS_TOKEN');
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: { code: 'SECRET_NOT_FOUND', message: 'No secret named ORDERS_TOKEN' } });
  });

  it("sets and deletes from the dashboard's Secrets page, which never shows a value and refuses a form from another site", async () => {
    const form = (body: Record<string, string>, headers: Record<string, string> = {}) => ({
      body: new URLSearchParams(body).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    });
    const empty = await (await server.call('GET', '/dashboard/secrets')).text();
    expect(empty).toContain('No secrets yet');
    const set = await server.call('POST', '/dashboard/secrets', form({ name: 'ORDERS_TOKEN', value: 'page-value-42xy' }));
    expect(set.status).toBe(303);
    expect(set.headers.get('location')).toBe('/dashboard/secrets?set=ORDERS_TOKEN');
    const shown = await (await server.call('GET', '/dashboard/secrets?set=ORDERS_TOKEN')).text();
    expect(shown).toContain('Secret ORDERS_TOKEN set');
    expect(shown).toContain('<code>ORDERS_TOKEN</code>');
    expect(shown).not.toContain('page-value-42xy');
    // A notice is said only when it is true of the store.
    expect(await (await server.call('GET', '/dashboard/secrets?set=OTHER')).text()).not.toContain('Secret OTHER set');
    const bad = await server.call('POST', '/dashboard/secrets', form({ name: 'FLOW_TOKEN', value: 'x' }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('FLOW_TOKEN is a setting of the provider itself: it can never be a secret a flow reads');
    const crossSite = await server.call('POST', '/dashboard/secrets/delete/ORDERS_TOKEN', form({}, { Origin: 'https://evil.example' }));
    expect(crossSite.status).toBe(403);
    const deleted = await server.call('POST', '/dashboard/secrets/delete/ORDERS_TOKEN', form({}));
    expect(deleted.headers.get('location')).toBe('/dashboard/secrets?deleted=ORDERS_TOKEN');
    expect(await (await server.call('GET', '/dashboard/secrets?deleted=ORDERS_TOKEN')).text()).toContain('Secret ORDERS_TOKEN deleted');
    // The dashboard of a plan links to the page.
    expect(await (await server.call('GET', '/dashboard/shop/production')).text()).toContain('<a href="/dashboard/secrets">Secrets</a>');
  });

  it('answers a save and a publish with a finding for each secret the store lacks', async () => {
    const doc = leakyFlow(api.url, 'ORDERS_TOKEN', 'API_HEADER');
    await server.call('PUT', '/api/secrets/ORDERS_TOKEN', { json: { value: 'v-1234' } });
    const res = await server.call('PUT', '/api/flows/shop/production', { json: doc, headers: { 'If-None-Match': '*' } });
    expect(res.status).toBe(200);
    const { findings } = (await res.json()) as { findings: unknown[] };
    expect(findings).toEqual([
      {
        code: 'secret-not-set',
        severity: 'warning',
        path: expect.stringMatching(/\.apicalls\[0\]\.headers\[0\]\.value$/),
        message: 'Secret API_HEADER is not set on the provider',
      },
    ]);
  });
});

describe('the secret store across restarts and keys', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-secrets-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps secrets across a restart with the same key, and says so when the key changed', async () => {
    const api = await startRecordingService({ ok: true });
    const model = await startScriptedModel();
    const env = { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'm', FLOW_RUNTIME_ALLOW_PRIVATE: '1' };
    try {
      const first = await startTestServer({ dir, runtimeEnv: { ...env, FLOW_SECRETS_KEY: KEY_A } });
      await first.call('PUT', '/api/secrets/ORDERS_TOKEN', { json: { value: 'kept-across-restarts' } });
      await first.call('PUT', '/api/secrets/API_HEADER', { json: { value: 'h' } });
      await first.close();
      // With FLOW_SECRETS_KEY no key file is written.
      await expect(stat(secretPaths(dir).key)).rejects.toThrow();
      for (const [key, expected] of [
        [KEY_A, undefined],
        [KEY_B, /Secret ORDERS_TOKEN cannot be decrypted with this provider's key/],
      ] as const) {
        const again = await startTestServer({ dir, runtimeEnv: { ...env, FLOW_SECRETS_KEY: key } });
        model.push({ toolCalls: [{ name: 'call_api', arguments: {} }] }, { content: 'Done.' });
        const stream = await (
          await again.call('POST', '/api/runtime/shop/production/chat', {
            json: { doc: leakyFlow(api.url, 'ORDERS_TOKEN', 'API_HEADER'), message: 'Go', messages: [], variables: {} },
          })
        ).text();
        if (expected === undefined) expect(api.requests.at(-1)?.headers.authorization).toBe('Bearer kept-across-restarts');
        else expect(stream).toMatch(expected);
        await again.close();
      }
      expect(api.requests).toHaveLength(1);
    } finally {
      await api.close();
      await model.close();
    }
  });

  it('imports chosen variables at start (--secrets-from-env) and refuses a setting of the provider or an unset one', async () => {
    const server = await startTestServer({ dir, runtimeEnv: { ORDERS_TOKEN }, secretsFromEnv: ['ORDERS_TOKEN'] });
    expect(await (await server.call('GET', '/api/secrets')).json()).toEqual({
      secrets: [{ name: 'ORDERS_TOKEN', updatedAt: expect.any(String) }],
    });
    await server.close();
    await expect(
      startTestServer({ dir, runtimeEnv: { FLOW_MODEL_API_KEY: MODEL_KEY }, secretsFromEnv: ['FLOW_MODEL_API_KEY'] }),
    ).rejects.toThrow(
      new ServerConfigError(
        '--secrets-from-env: FLOW_MODEL_API_KEY is a setting of the provider itself: it can never be a secret a flow reads',
      ),
    );
    await expect(startTestServer({ dir, runtimeEnv: {}, secretsFromEnv: ['NOT_SET'] })).rejects.toThrow(
      '--secrets-from-env: NOT_SET is not set in the environment',
    );
    await expect(startTestServer({ dir, runtimeEnv: { FLOW_SECRETS_KEY: 'too-short' } })).rejects.toThrow(
      'FLOW_SECRETS_KEY must be 32 random bytes in base64 or hex (make one with: openssl rand -base64 32)',
    );
  });

  it('needs the token for every secret route in token mode', async () => {
    const server = await startTestServer({ dir, token: 'the-token-123456' });
    try {
      for (const [method, path] of [
        ['GET', '/api/secrets'],
        ['PUT', '/api/secrets/A'],
        ['DELETE', '/api/secrets/A'],
      ] as const)
        expect((await server.call(method, path, method === 'PUT' ? { json: { value: 'x' } } : {})).status, `${method} ${path}`).toBe(401);
      expect((await server.call('GET', '/dashboard/secrets')).status).toBe(303);
      const ok = await server.call('PUT', '/api/secrets/A', {
        json: { value: 'x' },
        headers: { Authorization: 'Bearer the-token-123456' },
      });
      expect(ok.status).toBe(201);
    } finally {
      await server.close();
    }
  });
});
