import { createClient, emptyFlow } from '@flow/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_DATABASE } from '../sync/draftDatabase';
import { draftMarkKey, localSaveKey, MARKS_READY_KEY } from '../sync/draftMarks';
import { fetchWithEarlyFlow, startEarlyFlow } from './earlyFlow';

const flow = emptyFlow('support-desk', 'staging');
const asked: { url: string; method: string; headers?: HeadersInit }[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    asked.push({ url, method: init.method ?? 'GET', ...(init.headers === undefined ? {} : { headers: init.headers }) });
    return Promise.resolve(new Response(JSON.stringify(flow), { headers: { ETag: `"${asked.length}"` } }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startEarlyFlow', () => {
  it("asks for the address's flow and workflows once, as the page's preloads do, and the client's first calls take those answers", async () => {
    startEarlyFlow('/support-desk/staging');
    // No headers of their own: the same requests as the provider's <link rel="preload">s of them.
    expect(asked).toEqual([
      { url: '/api/flows/support-desk/staging', method: 'GET' },
      { url: '/api/workflows/plans/support-desk', method: 'GET' },
    ]);
    const client = createClient({ baseUrl: '', fetch: fetchWithEarlyFlow, retries: 0 });
    expect((await client.getFlow('support-desk', 'staging'))?.etag).toBe('"1"');
    expect(asked).toHaveLength(2);
    // A second load asks the provider again.
    expect((await client.getFlow('support-desk', 'staging'))?.etag).toBe('"3"');
    expect(asked).toHaveLength(3);
  });

  it('asks for nothing on the plan list, and a load of another flow makes its own request', async () => {
    startEarlyFlow('/');
    expect(asked).toEqual([]);
    startEarlyFlow('/support-desk');
    const client = createClient({ baseUrl: '', fetch: fetchWithEarlyFlow, retries: 0 });
    await client.getFlow('support-desk', 'staging');
    expect(asked.map((a) => a.url)).toEqual([
      '/api/flows/support-desk/production',
      '/api/workflows/plans/support-desk',
      '/api/flows/support-desk/staging',
    ]);
  });
});

describe('startEarlyFlow and the drafts database', () => {
  /** The names of the databases the page opens from now on, and a fresh earlyFlow (it opens the database once per page). */
  async function watchOpens() {
    const opened: string[] = [];
    vi.stubGlobal('indexedDB', {
      open: (name: string) => {
        opened.push(name);
        return {};
      },
    });
    vi.resetModules();
    return { opened, early: await import('./earlyFlow') };
  }

  it("opens the drafts database at once on a plan's page, and not on the plan list", async () => {
    const { opened, early } = await watchOpens();
    early.startEarlyFlow('/');
    expect(opened).toEqual([]);
    early.startEarlyFlow('/support-desk/staging');
    expect(opened).toEqual([DRAFT_DATABASE.name]);
  });

  it("does not open it when this browser's marks say no draft of the version waits there", async () => {
    const marks = new Map([[MARKS_READY_KEY, '1']]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => marks.get(key) ?? null });
    const { opened, early } = await watchOpens();
    early.startEarlyFlow('/support-desk/staging');
    expect(opened).toEqual([]);
    marks.set(draftMarkKey(localSaveKey('support-desk', 'staging')), '1');
    early.startEarlyFlow('/support-desk/staging');
    expect(opened).toEqual([DRAFT_DATABASE.name]);
  });
});
