// <flow-chat> on a page of another origin: it streams, keeps its conversation across a reload,
// renders hostile markdown inert, works by keyboard, passes axe, and says when its key is refused.
import { createServer, type Server } from 'node:http';
import { embedMessages } from '@flow/server';
import { ensureEmbedBuilt } from '@flow/server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations } from './axe';
import { launchBrowser } from './browser';
import { startChatEndpoint, type ChatEndpoint } from './chatEndpoint';
import { FlowChatPage } from './pages/FlowChatPage';

let endpoint: ChatEndpoint;
let site: Server;
let siteOrigin: string;
let browser: Browser;
let context: BrowserContext | undefined;

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The shop's page: the embed snippet, with the key named by `?key=refused` or the allowed one. */
function shopPage(key: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="${escapeAttribute(endpoint.url)}/embed.js" defer></script></head>
<body><main><h1>Shop</h1><p>Our products.</p></main>
<flow-chat agent="${escapeAttribute(endpoint.agent)}" key="${escapeAttribute(key)}" title="Support"></flow-chat></body></html>`;
}

beforeAll(async () => {
  ensureEmbedBuilt();
  site = createServer((req, res) => {
    const refused = new URL(req.url ?? '/', 'http://x').searchParams.get('key') === 'refused';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(shopPage(refused ? endpoint.refusedKey : endpoint.key));
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  const address = site.address();
  if (address === null || typeof address === 'string') throw new Error('the shop did not listen on a port');
  siteOrigin = `http://127.0.0.1:${String(address.port)}`;
  endpoint = await startChatEndpoint(siteOrigin);
  browser = await launchBrowser({ forTests: true });
});

afterAll(async () => {
  await browser?.close();
  await endpoint?.close();
  await new Promise<void>((done) => (site ? site.close(() => done()) : done()));
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openShop(path = '/'): Promise<Page> {
  context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${siteOrigin}${path}`);
  return page;
}

/** The chat's parts, found as a person (or a screen reader) would: by role and name. */
const chat = (page: Page): FlowChatPage => new FlowChatPage(page);

describe('<flow-chat> on a page of another origin', () => {
  it('streams the answer as it arrives, then keeps the conversation across a reload and continues it', async () => {
    const page = await openShop();
    const c = chat(page);
    await c.bubble.click();
    await expect.poll(() => c.dialog.isVisible()).toBe(true);
    await expect.poll(() => c.hasFocus(c.input)).toBe(true);
    const answer = endpoint.nextAnswer('Your order **A-17** shipped on Monday and arrives tomorrow.');
    await c.input.fill('Where is my order?');
    await c.input.press('Enter');
    // Text shows while the last piece is still held back by the endpoint.
    await c.log.getByText('shipped on Monday').waitFor();
    expect(answer.lastSent()).toBe(false);
    expect(await c.send.isDisabled()).toBe(true);
    answer.release();
    await c.log.getByText('arrives tomorrow.').waitFor();
    expect(await c.bold().textContent()).toBe('A-17');
    await expect.poll(() => c.send.isEnabled()).toBe(true);
    const first = (await endpoint.received()).at(-1);
    expect(first).toMatchObject({ sent: null, message: 'Where is my order?' });

    await page.reload();
    const again = chat(page);
    await again.bubble.click();
    await again.log.getByText('Where is my order?').waitFor();
    await again.log.getByText('arrives tomorrow.').waitFor();
    endpoint.nextAnswer('It is with the courier.').release();
    await again.input.fill('And now?');
    await again.input.press('Enter');
    await again.log.getByText('It is with the courier.').waitFor();
    expect((await endpoint.received()).at(-1)).toEqual({
      sent: first?.conversationId,
      message: 'And now?',
      conversationId: first?.conversationId,
    });
    const stored = await page.evaluate(() => Object.entries(sessionStorage));
    expect(stored.map(([name]) => name)).toEqual([`flow-chat:${endpoint.url}:${endpoint.agent}`]);
  });

  it('renders hostile markdown inert: no element, handler or script link comes of it', async () => {
    const page = await openShop();
    const c = chat(page);
    await c.bubble.click();
    endpoint
      .nextAnswer(
        '<img src=x onerror="window.pwned=1"> [click me](javascript:window.pwned=2) **[docs](https://flow.example.com/docs)** <script>window.pwned=3</script> end',
      )
      .release();
    await c.input.fill('<b>hi</b> <img src=x onerror="window.pwned=4">');
    await c.input.press('Enter');
    await c.log.getByText('end', { exact: false }).last().waitFor();
    await expect.poll(() => c.send.isEnabled()).toBe(true);
    const found = await c.markup();
    expect(found).toEqual({
      tags: ['a'],
      links: [{ href: 'https://flow.example.com/docs', target: '_blank', rel: 'noopener noreferrer', text: 'docs' }],
      handlers: [],
      pwned: false,
    });
    await c.log.getByText('<img src=x onerror="window.pwned=1">', { exact: false }).first().waitFor();
    await c.log.getByText('<b>hi</b>', { exact: false }).waitFor();
  });

  it('works by keyboard: Shift+Enter adds a line, Enter sends, Esc closes and gives focus back to the bubble; axe finds nothing blocking', async () => {
    const page = await openShop();
    const c = chat(page);
    await c.bubble.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => c.dialog.isVisible()).toBe(true);
    expect(await c.bubble.getAttribute('aria-expanded')).toBe('true');
    endpoint.nextAnswer('Two lines received.').release();
    await page.keyboard.type('first line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    expect(await c.input.inputValue()).toBe('first line\nsecond line');
    await page.keyboard.press('Enter');
    await c.log.getByText('Two lines received.').waitFor();
    expect((await endpoint.received()).at(-1)?.message).toBe('first line\nsecond line');
    expect(await blockingViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => c.dialog.isVisible()).toBe(false);
    expect(await c.bubble.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => c.hasFocus(c.bubble)).toBe(true);
  });

  it('says so when the key does not list the page origin, and the agent is never asked', async () => {
    const page = await openShop('/?key=refused');
    const c = chat(page);
    await c.bubble.click();
    const asked = endpoint.modelRequests();
    await c.input.fill('Hello?');
    await c.input.press('Enter');
    await expect.poll(() => c.alert.textContent()).toBe(embedMessages.keyRefused);
    expect(endpoint.modelRequests()).toBe(asked);
    expect(await c.log.textContent()).toBe(`${embedMessages.you}: Hello?`);
  });
});
