// What agent keys guarantee on every store (keyRecords.ts): one suite, run on the folder store
// (agentKeys.test.ts) and on PostgreSQL (agentKeys.pg.test.ts).
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../http/HttpError.js';
import { AgentKeyError, createAgentKeys, hashOfKey, type AgentKeys, type AskedAgent } from './agentKeys.js';
import type { KeyRecords } from './keyRecords.js';

/** A store's key records to test, fresh and empty; `atRest` is all the store holds, as text. */
export interface OpenedKeys {
  records: KeyRecords;
  /** A second handle on the same store, as another server has (absent for the folder store, which one server owns). */
  other?: KeyRecords;
  atRest(): Promise<string>;
  close(): Promise<void>;
}

/** A request to a served route with these headers. */
export function agentRequest(headers: Record<string, string>): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.headers = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return req;
}

const bearer = (key: string, more: Record<string, string> = {}): IncomingMessage =>
  agentRequest({ Authorization: `Bearer ${key}`, ...more });

/** The refusal `check` throws, as status, code, type, message and headers. */
async function refusal(keys: AgentKeys, req: IncomingMessage, agent: AskedAgent = null) {
  try {
    await keys.check(req, agent);
  } catch (error) {
    if (!(error instanceof AgentKeyError)) throw error;
    return { status: error.status, code: error.code, type: error.type, message: error.message, headers: error.headers };
  }
  throw new Error('the request was let in');
}

/** Runs the suite against fresh stores from `open`. */
export function keysContract(name: string, open: () => Promise<OpenedKeys>): void {
  describe(`agent keys: ${name}`, () => {
    let store: OpenedKeys;
    // One minute, frozen unless a test moves it: the count never straddles two minutes by chance.
    let now = Date.parse('2026-11-27T12:00:10.000Z');
    const clock = (): number => now;
    let keys: AgentKeys;
    beforeEach(async () => {
      now = Date.parse('2026-11-27T12:00:10.000Z');
      store = await open();
      keys = createAgentKeys(store.records, clock);
    });
    afterEach(async () => {
      await store.close();
    });

    it('shows a key once, lists it without the key or its hash, and keeps only the hash at rest', async () => {
      const created = await keys.create({
        name: 'web-shop',
        agents: ['shop', 'shop/beta'],
        origins: ['https://Shop.example.com/'],
        rate: 5,
      });
      expect(created.key).toMatch(/^flow_sk_[A-Za-z0-9_-]{43}$/);
      expect(created).toEqual({
        name: 'web-shop',
        key: created.key,
        prefix: created.key.slice(0, 14),
        agents: ['shop', 'shop/beta'],
        origins: ['https://shop.example.com'],
        rate: 5,
        created: '2026-11-27T12:00:10.000Z',
        lastUsed: null,
      });
      const { key: _key, ...summary } = created;
      expect(await keys.list()).toEqual([summary]);
      const secret = created.key.slice('flow_sk_'.length);
      const atRest = await store.atRest();
      expect(atRest).toContain(hashOfKey(created.key));
      expect(atRest).not.toContain(secret);
      expect(JSON.stringify(await keys.list())).not.toContain(hashOfKey(created.key));
      // Used, it says so (and still only its hash is stored).
      now += 1000;
      await keys.check(bearer(created.key), { planId: 'shop', versionName: 'production' });
      expect((await keys.list())[0]?.lastUsed).toBe('2026-11-27T12:00:11.000Z');
      expect(await store.atRest()).not.toContain(secret);
    });

    it('refuses a taken name (409) and bad settings (400) with what is wrong', async () => {
      await keys.create({ name: 'a' });
      await expect(keys.create({ name: 'a' })).rejects.toThrow(
        new HttpError(409, 'KEY_NAME_TAKEN', 'A key named a exists already: revoke it first or choose another name'),
      );
      await expect(keys.create({ name: 'b', origins: ['https://x.example/path'] })).rejects.toMatchObject({
        status: 400,
        code: 'INVALID_KEY',
      });
      await expect(keys.create({ name: 'b', rate: 10_001 })).rejects.toMatchObject({ status: 400 });
      expect((await keys.list()).map((key) => key.name)).toEqual(['a']);
    });

    it('refuses no key, an unknown key and a revoked one (401 invalid_api_key), on every handle of the store at once', async () => {
      const { key } = await keys.create({ name: 'k' });
      const others = store.other ? createAgentKeys(store.other, clock) : keys;
      expect((await others.check(bearer(key), null)).name).toBe('k');
      expect(await refusal(keys, agentRequest({}))).toEqual({
        status: 401,
        code: 'invalid_api_key',
        type: 'invalid_request_error',
        message: 'An agent key is required: send Authorization: Bearer flow_sk_…',
        headers: { 'WWW-Authenticate': 'Bearer' },
      });
      const unknown = `flow_sk_${'A'.repeat(43)}`;
      expect(await refusal(keys, bearer(unknown))).toMatchObject({
        status: 401,
        message: 'Invalid agent key: it is unknown or was revoked',
      });
      expect(await refusal(keys, bearer('flow_sk_short'))).toMatchObject({ status: 401, code: 'invalid_api_key' });
      expect(await keys.revoke('k')).toBe(true);
      expect(await keys.revoke('k')).toBe(false);
      expect(await refusal(others, bearer(key))).toMatchObject({ status: 401, code: 'invalid_api_key' });
    });

    it('lets a key bound to agents use those alone (403 model_not_allowed), a plan alone meaning its production version', async () => {
      const { key } = await keys.create({ name: 'bound', agents: ['shop', 'desk/beta'] });
      expect((await keys.check(bearer(key), { planId: 'shop', versionName: 'production' })).agents).toEqual(['shop', 'desk/beta']);
      await keys.check(bearer(key), { planId: 'desk', versionName: 'beta' });
      for (const [planId, versionName] of [
        ['other', 'production'],
        ['shop', 'beta'],
        ['desk', 'production'],
      ] as const) {
        expect(await refusal(keys, bearer(key), { planId, versionName })).toEqual({
          status: 403,
          code: 'model_not_allowed',
          type: 'permission_error',
          message: `Key bound may not use agent ${planId}/${versionName}`,
          headers: {},
        });
      }
      // Listing names no agent: the grant says which it may use.
      expect((await keys.check(bearer(key), null)).agents).toEqual(['shop', 'desk/beta']);
      const open = await keys.create({ name: 'open' });
      expect((await keys.check(bearer(open.key), { planId: 'any', versionName: 'v2' })).agents).toEqual([]);
    });

    it('answers the origins a key lists with CORS headers and refuses any other origin (403), a key without origins every browser', async () => {
      const web = await keys.create({ name: 'web', origins: ['https://shop.example.com'] });
      const server = await keys.create({ name: 'server' });
      const agent = { planId: 'shop', versionName: 'production' };
      expect((await keys.check(bearer(web.key, { Origin: 'https://shop.example.com' }), agent)).headers).toEqual({
        'Access-Control-Allow-Origin': 'https://shop.example.com',
        'Access-Control-Expose-Headers': 'Flow-Conversation, Mcp-Session-Id, Retry-After',
        Vary: 'Origin',
      });
      // No Origin: not a browser; no CORS headers to send.
      expect((await keys.check(bearer(web.key), agent)).headers).toEqual({});
      expect(await refusal(keys, bearer(web.key, { Origin: 'https://evil.example' }), agent)).toEqual({
        status: 403,
        code: 'origin_not_allowed',
        type: 'permission_error',
        message: 'Key web may not be used from https://evil.example',
        headers: {},
      });
      expect(await refusal(keys, bearer(server.key, { Origin: 'https://shop.example.com' }), agent)).toMatchObject({
        status: 403,
        code: 'origin_not_allowed',
      });
      expect(await store.records.anyAllowsOrigin('https://shop.example.com')).toBe(true);
      expect(await store.records.anyAllowsOrigin('https://evil.example')).toBe(false);
    });

    it(`counts a key's requests per minute: past its rate 429 with Retry-After (the seconds left), the next minute free again`, async () => {
      const { key } = await keys.create({ name: 'slow', rate: 3, origins: ['https://shop.example.com'] });
      const others = store.other ? createAgentKeys(store.other, clock) : keys;
      const req = (): IncomingMessage => bearer(key, { Origin: 'https://shop.example.com' });
      // Alternating handles: one count for every server of the store.
      await keys.check(req(), null);
      await others.check(req(), null);
      await keys.check(req(), null);
      now += 15_000;
      const limited = await refusal(others, req());
      expect(limited).toEqual({
        status: 429,
        code: 'rate_limit_exceeded',
        type: 'rate_limit_error',
        message: 'Key slow is over its rate of 3 requests a minute: try again in 35 seconds',
        headers: {
          'Access-Control-Allow-Origin': 'https://shop.example.com',
          'Access-Control-Expose-Headers': 'Flow-Conversation, Mcp-Session-Id, Retry-After',
          Vary: 'Origin',
          'Retry-After': '35',
        },
      });
      // Another key has a count of its own.
      const fresh = await keys.create({ name: 'fresh', rate: 1 });
      await keys.check(bearer(fresh.key), null);
      expect(await refusal(keys, bearer(fresh.key))).toMatchObject({ status: 429, headers: { 'Retry-After': '35' } });
      // The next minute counts from nothing.
      now += 35_000;
      await others.check(req(), null);
      await keys.check(bearer(fresh.key), null);
    });

    it('counts many requests at once exactly (the count is atomic)', async () => {
      const { key } = await keys.create({ name: 'busy', rate: 10 });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 25 }, (_, i) =>
          (i % 2 === 0 || !store.other ? keys : createAgentKeys(store.other, clock)).check(bearer(key), null),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    });
  });
}
