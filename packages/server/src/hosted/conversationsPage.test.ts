import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newConversationId } from '../conversations/conversationRecords.js';
import { folderConversationRecords } from '../conversations/folderConversations.js';
import { startTestServer, type TestServer } from '../testServer.test-helper.js';

const EVIL = '<script>alert("x")</script>';

describe('the dashboard Conversations page', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const page = async (path: string): Promise<{ status: number; html: string }> => {
    const res = await server.call('GET', path);
    return { status: res.status, html: await res.text() };
  };

  /** A conversation of support-desk in the server's data folder, `minutesAgo` old, as the agent service writes it. */
  async function stored(question: string, minutesAgo: number, versionName = 'production'): Promise<string> {
    const records = folderConversationRecords(server.dir);
    const id = newConversationId();
    const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    await records.create({ id, planId: 'support-desk', versionName, keyName: 'web-shop', createdAt: at });
    await records.append(id, { kind: 'user', at, content: question });
    await records.append(id, {
      kind: 'tool',
      at,
      name: 'look_up_order',
      arguments: { order_id: EVIL },
      output: `{"status":"${EVIL}"}`,
      ms: 42,
    });
    await records.append(id, { kind: 'assistant', at, content: `Shipped ${EVIL}`, usage: { inputTokens: 120, outputTokens: 9 } });
    await records.close();
    return id;
  }

  it('is linked from the dashboard and lists newest first, dates as people say them, escaped, with no script', async () => {
    await stored('Where is my order?', 3 * 24 * 60);
    await stored(`Refund ${EVIL}`, 5);
    await stored('On staging', 1, 'staging');
    const dashboard = await page('/dashboard/support-desk/production');
    expect(dashboard.html).toContain('<a href="/dashboard/support-desk/production/conversations">Conversations</a>');
    const { status, html } = await page('/dashboard/support-desk/production/conversations');
    expect(status).toBe(200);
    expect(html).not.toMatch(/<script/);
    expect(html).toContain('Refund &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    const items = [
      ...html.matchAll(/<li class="card"><a href="[^"]+">([^<]*)<\/a>\n<p class="muted"><time [^>]*>([^<]*)<\/time> · ([^<]*)/g),
    ].map((m) => [m[1], m[2], m[3]]);
    expect(items).toEqual([
      ['Refund &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;', '5 minutes ago', '2 messages · key '],
      ['Where is my order?', '3 days ago', '2 messages · key '],
    ]);
    expect(html).toContain('<input id="conversation-search" name="search" type="search" value=""');
  });

  it('searches the messages; the search is kept in the box, escaped', async () => {
    await stored('Where is my order?', 10);
    await stored('I want a refund', 5);
    const found = await page('/dashboard/support-desk/production/conversations?search=REFUND');
    expect(found.html).toContain('>I want a refund</a>');
    expect(found.html).not.toContain('Where is my order?');
    expect(found.html).toContain('value="REFUND"');
    const none = await page(`/dashboard/support-desk/production/conversations?search=${encodeURIComponent('"><b>')}`);
    expect(none.html).toContain('No conversation mentions &quot;&quot;&gt;&lt;b&gt;&quot;');
    expect(none.html).toContain('value="&quot;&gt;&lt;b&gt;"');
    expect((await page('/dashboard/support-desk/production/conversations')).html).not.toContain('No conversations');
    expect((await page('/dashboard/support-desk/staging/conversations')).html).toContain('No conversations of support-desk/staging yet');
  });

  it("shows one transcript in order, each tool call in a <details> with its arguments and output; another version's is 404", async () => {
    const id = await stored('Where is my order?', 3);
    const { status, html } = await page(`/dashboard/support-desk/production/conversations/${id}`);
    expect(status).toBe(200);
    expect(html).not.toMatch(/<script/);
    const transcript = html.slice(html.indexOf('<ol id="transcript"'));
    expect(transcript.indexOf('<strong>User</strong>')).toBeLessThan(transcript.indexOf('<details>'));
    expect(transcript.indexOf('<details>')).toBeLessThan(transcript.indexOf('<strong>Assistant</strong>'));
    expect(transcript).toContain('<summary>Tool <code>look_up_order</code> · 42 ms</summary>');
    expect(transcript).toContain('&quot;order_id&quot;: &quot;&lt;script&gt;alert(\\&quot;x\\&quot;)&lt;/script&gt;&quot;');
    expect(transcript).toContain('120 in, 9 out tokens');
    expect((await page(`/dashboard/support-desk/staging/conversations/${id}`)).status).toBe(404);
    expect((await page(`/dashboard/support-desk/production/conversations/${newConversationId()}`)).status).toBe(404);
  });
});
