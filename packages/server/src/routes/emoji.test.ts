import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestServer, type TestServer } from '../testServer.test-helper.js';

describe('GET /api/emoji/{locale}/{source}/data.json', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves the picker data of emoji-picker-element-data with an ETag', async () => {
    const res = await server.call('GET', '/api/emoji/en/emojibase/data.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    const data: { annotation: string; emoji: string }[] = await res.json();
    expect(data.length).toBeGreaterThan(1000);
    expect(data[0]).toMatchObject({ annotation: expect.any(String), emoji: expect.any(String) });
  });

  it('answers HEAD with the same ETag and no body, and 304 to If-None-Match', async () => {
    const get = await server.call('GET', '/api/emoji/en/emojibase/data.json');
    const head = await server.call('HEAD', '/api/emoji/en/emojibase/data.json');
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(await head.text()).toBe('');
    const cached = await server.call('GET', '/api/emoji/en/emojibase/data.json', {
      headers: { 'If-None-Match': get.headers.get('etag') ?? '' },
    });
    expect(cached.status).toBe(304);
  });

  it('refuses odd path segments with 400 and unknown data with 404', async () => {
    expect((await rawRequest(server.url, 'GET', '/api/emoji/%2e%2e/emojibase/data.json')).status).toBe(400);
    expect((await rawRequest(server.url, 'GET', '/api/emoji/../emojibase/data.json')).status).toBe(400);
    expect((await server.call('GET', '/api/emoji/EN_x/emojibase/data.json')).status).toBe(400);
    expect((await server.call('GET', '/api/emoji/en/nosuch/data.json')).status).toBe(404);
    expect((await server.call('GET', '/api/emoji/zz/emojibase/data.json')).status).toBe(404);
  });
});
