import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newConversationId } from '../conversations/conversationRecords.js';
import { folderConversationRecords } from '../conversations/folderConversations.js';
import { startTestServer, type TestServer } from '../testServer.test-helper.js';
import { dashboardLayout, type DashboardFrame } from './dashboardLayout.js';
import { html, spokenTime, timeHtml } from './html.js';

/** The parts of a page the layout owns, read from its HTML. */
function layoutOf(text: string) {
  const body = text.slice(text.indexOf('<body'));
  return {
    title: /<title>([^<]*)<\/title>/.exec(text)?.[1],
    firstInBody: /<body[^>]*>(<a [^>]*>[^<]*<\/a>)/.exec(body)?.[1],
    headers: body.match(/<header /g)?.length ?? 0,
    navs: body.match(/<nav /g)?.length ?? 0,
    mains: body.match(/<main id="main" tabindex="-1">/g)?.length ?? 0,
    nav: [...body.matchAll(/<li><a href="([^"]+)"( aria-current="page")?>([^<]+)<\/a><\/li>/g)].map(
      (m) => `${m[3]} ${m[1]}${m[2] ? ' (current)' : ''}`,
    ),
    selected: /<option value="([^"]+)" selected>/.exec(body)?.[1],
    options: [...body.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]),
    editor: /<a href="([^"]+)">Open in the editor<\/a>/.exec(body)?.[1],
  };
}

describe('the dashboard layout', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const get = async (path: string): Promise<string> => {
    const res = await server.call('GET', path);
    expect(res.status, path).toBe(200);
    return res.text();
  };

  it('gives every page one header: skip link, plan version switcher, editor link, the pages with the current one marked', async () => {
    const id = newConversationId();
    const records = folderConversationRecords(server.dir);
    await records.create({ id, planId: 'support-desk', versionName: 'production', keyName: null, createdAt: new Date().toISOString() });
    await records.append(id, { kind: 'user', at: new Date().toISOString(), content: 'Where is my order?' });
    await records.close();
    await server.call('POST', '/dashboard/keys', {
      body: 'name=web-shop&agents=&origins=&rate=60',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const plan = (current: string) => [
      `Publishes /dashboard/support-desk/production${current === 'Publishes' ? ' (current)' : ''}`,
      `Conversations /dashboard/support-desk/production/conversations${current === 'Conversations' ? ' (current)' : ''}`,
    ];
    const provider = (current: string, planId: string) => [
      `Publishes /dashboard/${planId}/production`,
      `Conversations /dashboard/${planId}/production/conversations`,
      `Keys /dashboard/keys${current === 'Keys' ? ' (current)' : ''}`,
      `Secrets /dashboard/secrets${current === 'Secrets' ? ' (current)' : ''}`,
    ];
    const pages: [string, string, string[], string][] = [
      [
        '/dashboard/support-desk/production',
        'Publishes · support-desk/production — Flow',
        [...plan('Publishes'), 'Keys /dashboard/keys', 'Secrets /dashboard/secrets'],
        'support-desk/production',
      ],
      [
        '/dashboard/support-desk/production/conversations',
        'Conversations · support-desk/production — Flow',
        [...plan('Conversations'), 'Keys /dashboard/keys', 'Secrets /dashboard/secrets'],
        'support-desk/production',
      ],
      [
        `/dashboard/support-desk/production/conversations/${id}`,
        'Where is my order? · Conversations · support-desk/production — Flow',
        [...plan('Conversations'), 'Keys /dashboard/keys', 'Secrets /dashboard/secrets'],
        'support-desk/production',
      ],
      // The provider's pages show the first plan (its production version) in the switcher.
      ['/dashboard/keys', 'Keys — Flow', provider('Keys', 'lead-qualifier'), 'lead-qualifier/production'],
      ['/dashboard/keys/revoke/web-shop', 'Revoke web-shop · Keys — Flow', provider('Keys', 'lead-qualifier'), 'lead-qualifier/production'],
      ['/dashboard/secrets', 'Secrets — Flow', provider('Secrets', 'lead-qualifier'), 'lead-qualifier/production'],
    ];
    for (const [path, title, nav, selected] of pages) {
      const layout = layoutOf(await get(path));
      expect(layout, path).toEqual({
        title,
        firstInBody: '<a class="skip" href="#main">Skip to content</a>',
        headers: 1,
        navs: 1,
        mains: 1,
        nav,
        selected,
        options: ['lead-qualifier/production', 'onboarding-coach/production', 'support-desk/production'],
        editor: `/${selected}`,
      });
    }
  });

  it("the switcher's form (GET, labelled, a Go button) goes to the chosen plan version's same page", async () => {
    const conversations = await get('/dashboard/support-desk/production/conversations');
    expect(conversations).toContain(
      '<form method="get" action="/dashboard" class="switcher">\n<label for="switch-at">Plan version</label><select id="switch-at" name="at">',
    );
    expect(conversations).toContain('<input type="hidden" name="page" value="conversations"><button type="submit">Go</button></form>');
    const go = async (query: string) => {
      const res = await server.call('GET', `/dashboard${query}`);
      return [res.status, res.headers.get('location')];
    };
    expect(await go('?at=lead-qualifier%2Fproduction&page=conversations')).toEqual([
      303,
      '/dashboard/lead-qualifier/production/conversations',
    ]);
    expect(await go('?at=lead-qualifier%2Fstaging&page=publishes')).toEqual([303, '/dashboard/lead-qualifier/staging']);
    expect(await go('')).toEqual([303, '/dashboard/lead-qualifier/production']);
    expect((await go('?at=..%2Fproduction'))[0]).toBe(400);
    expect((await go('?at=a%2Fb%2Fc'))[0]).toBe(400);
    // A version the store has never written is still the one shown.
    const layout = layoutOf(await get('/dashboard/new-plan/draft'));
    expect(layout.selected).toBe('new-plan/draft');
    expect(layout.editor).toBe('/new-plan/draft');
  });

  it('escapes plan names and leaves Secrets out when the provider has no secret store', () => {
    const frame: DashboardFrame = {
      plans: [{ planId: 'shop', versions: ['production'], updatedAt: null, nodeCount: null }],
      at: { planId: 'shop', versionName: 'production' },
      secrets: false,
    };
    const text = dashboardLayout(frame, 'keys', html`<h1>Keys</h1>`, '<b>');
    expect(layoutOf(text).nav).toEqual([
      'Publishes /dashboard/shop/production',
      'Conversations /dashboard/shop/production/conversations',
      'Keys /dashboard/keys (current)',
    ]);
    expect(layoutOf(text).title).toBe('&lt;b&gt; · Keys — Flow');
    const none = layoutOf(dashboardLayout({ plans: [], at: null, secrets: true }, 'secrets', html`<h1>Secrets</h1>`));
    expect(none).toMatchObject({
      nav: ['Keys /dashboard/keys', 'Secrets /dashboard/secrets (current)'],
      selected: undefined,
      editor: undefined,
    });
  });
});

describe('timeHtml: dates as people say them', () => {
  const now = Date.parse('2026-11-27T14:30:00Z');
  const said = (iso: string) => spokenTime(iso, now, 'UTC');

  it('says recent dates relatively, the day and time within two days, the date after a week', () => {
    expect(said('2026-11-27T14:29:50Z')).toBe('just now');
    expect(said('2026-11-27T14:05:00Z')).toBe('25 minutes ago');
    expect(said('2026-11-27T09:05:00Z')).toBe('today at 09:05');
    expect(said('2026-11-26T23:59:00Z')).toBe('yesterday at 23:59');
    expect(said('2026-11-24T15:00:00Z')).toBe('3 days ago');
    expect(said('2026-11-12T08:00:00Z')).toBe('12 Nov');
    expect(said('2025-12-30T08:00:00Z')).toBe('30 Dec 2025');
    expect(said('2026-11-27T15:30:00Z')).toBe('in 1 hour');
    // Calendar days of the zone asked for: 01:00 in Tokyo on the 28th is 'today' there.
    expect(spokenTime('2026-11-27T16:00:00Z', Date.parse('2026-11-27T18:00:00Z'), 'Asia/Tokyo')).toBe('today at 01:00');
  });

  it('puts the exact date, time and zone on hover and the ISO value in datetime', () => {
    expect(timeHtml('2026-11-26T09:12:00Z', now, 'UTC').text).toBe(
      '<time datetime="2026-11-26T09:12:00Z" title="26 Nov 2026, 09:12:00 (UTC)">yesterday at 09:12</time>',
    );
    expect(timeHtml('"><b>', now, 'UTC').text).toBe(
      '<time datetime="&quot;&gt;&lt;b&gt;" title="&quot;&gt;&lt;b&gt;">&quot;&gt;&lt;b&gt;</time>',
    );
  });
});
