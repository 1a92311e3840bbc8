import { beforeEach, describe, expect, it } from 'vitest';
import { createChatSession, storageKey, type ChatState } from './chatSession.js';
import { embedMessages } from './embedMessages.js';

const API = 'https://flow.example.com';
const chunk = (content: string, conversation = 'conv_1'): string =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', conversation_id: conversation, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/** A stream whose pieces the test pushes one by one. */
function pushedStream(): { stream: ReadableStream<Uint8Array>; push(text: string): void; pushBytes(bytes: Uint8Array): void; end(): void } {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  return {
    stream,
    push: (text) => controller?.enqueue(new TextEncoder().encode(text)),
    pushBytes: (bytes) => controller?.enqueue(bytes),
    end: () => controller?.close(),
  };
}

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

interface Sent {
  url: string;
  init: RequestInit | undefined;
}

let storage: MemoryStorage;
let sent: Sent[];
let states: ChatState[];

beforeEach(() => {
  storage = new MemoryStorage();
  sent = [];
  states = [];
});

function session(answer: (request: Sent) => Response | Promise<Response>) {
  const fetchFake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = { url: String(input), init };
    sent.push(request);
    return answer(request);
  };
  return createChatSession({
    api: API,
    agent: 'support-desk',
    key: 'flow_sk_test',
    fetch: fetchFake,
    storage,
    onState: (s) => states.push(s),
  });
}

const bodyOf = (request: Sent | undefined): unknown => JSON.parse(String(request?.init?.body));
const sse = (text: string, headers: Record<string, string> = {}): Response =>
  new Response(text, { headers: { 'Content-Type': 'text/event-stream', ...headers } });
const errorJson = (status: number, message: string, code: string): Response =>
  new Response(JSON.stringify({ error: { message, type: 'x', code } }), { status });

describe('createChatSession', () => {
  it('streams the answer into the transcript as it arrives, then keeps the conversation', async () => {
    const stream = pushedStream();
    const chat = session(() => new Response(stream.stream, { headers: { 'Flow-Conversation': 'conv_1' } }));
    const sending = chat.send('Where is my order?');
    stream.push(chunk('Your order '));
    await expect.poll(() => chat.state().messages.at(-1)).toEqual({ role: 'assistant', text: 'Your order ' });
    expect(chat.state().busy).toBe(true);
    stream.push(chunk('shipped.'));
    stream.push('data: [DONE]\n\n');
    stream.end();
    await sending;
    expect(chat.state()).toEqual({
      messages: [
        { role: 'user', text: 'Where is my order?' },
        { role: 'assistant', text: 'Your order shipped.' },
      ],
      conversationId: 'conv_1',
      busy: false,
      error: null,
    });
    expect(sent[0]?.url).toBe(`${API}/v1/chat/completions`);
    expect(sent[0]?.init?.headers).toEqual({ Authorization: 'Bearer flow_sk_test', 'Content-Type': 'application/json' });
    expect(bodyOf(sent[0])).toEqual({ model: 'support-desk', stream: true, messages: [{ role: 'user', content: 'Where is my order?' }] });
    expect(JSON.parse(storage.getItem(storageKey(API, 'support-desk')) ?? '')).toEqual({
      conversationId: 'conv_1',
      messages: chat.state().messages,
    });
  });

  it('goes on with the stored conversation after a page load, sending its id', async () => {
    storage.setItem(
      storageKey(API, 'support-desk'),
      JSON.stringify({
        conversationId: 'conv_9',
        messages: [{ role: 'user', text: 'Hi' }, { role: 'assistant', text: 'Hello!' }, { role: 'x' }],
      }),
    );
    const chat = session(() => sse(`${chunk('Sure.', 'conv_9')}data: [DONE]\n\n`));
    expect(chat.state().messages).toEqual([
      { role: 'user', text: 'Hi' },
      { role: 'assistant', text: 'Hello!' },
    ]);
    await chat.send('And tomorrow?');
    expect(bodyOf(sent[0])).toEqual({
      model: 'support-desk',
      stream: true,
      messages: [{ role: 'user', content: 'And tomorrow?' }],
      conversation_id: 'conv_9',
    });
    expect(chat.state().messages.map((m) => m.text)).toEqual(['Hi', 'Hello!', 'And tomorrow?', 'Sure.']);
  });

  it.each([
    [401, 'invalid_api_key', embedMessages.keyRefused],
    [403, 'model_not_allowed', embedMessages.keyRefused],
    [429, 'rate_limit_exceeded', embedMessages.rateLimited],
    [502, 'model_unavailable', embedMessages.unavailable],
    [503, 'unavailable', embedMessages.unavailable],
    [404, 'model_not_found', embedMessages.failed('The model support-desk does not exist')],
  ])('says in words what a %i (%s) means, with no empty answer left', async (status, code, words) => {
    const chat = session(() => errorJson(status, 'The model support-desk does not exist', code));
    await chat.send('Hello');
    expect(chat.state()).toEqual({ messages: [{ role: 'user', text: 'Hello' }], conversationId: null, busy: false, error: words });
  });

  it('forgets a conversation the provider no longer keeps, so the next message starts a new one', async () => {
    storage.setItem(
      storageKey(API, 'support-desk'),
      JSON.stringify({ conversationId: 'conv_old', messages: [{ role: 'user', text: 'Hi' }] }),
    );
    const answers = [
      errorJson(404, 'No conversation conv_old', 'conversation_not_found'),
      sse(`${chunk('Hello again.', 'conv_2')}data: [DONE]\n\n`),
    ];
    const chat = session(() => answers.shift() ?? errorJson(500, 'no more', 'x'));
    await chat.send('Still there?');
    expect(chat.state()).toMatchObject({ conversationId: null, error: embedMessages.conversationEnded });
    await chat.send('Still there?');
    expect(bodyOf(sent[1])).toEqual({ model: 'support-desk', stream: true, messages: [{ role: 'user', content: 'Still there?' }] });
    expect(chat.state()).toMatchObject({ conversationId: 'conv_2', error: null });
  });

  it('tells a refused key from an unreachable server when the browser hides the answer (CORS)', async () => {
    const refused = session((request) => {
      if (request.init?.method === 'HEAD') return new Response(null);
      throw new TypeError('Failed to fetch');
    });
    await refused.send('Hello');
    expect(refused.state().error).toBe(embedMessages.keyRefused);
    expect(sent.map((r) => `${r.init?.method ?? ''} ${r.url}`)).toEqual([`POST ${API}/v1/chat/completions`, `HEAD ${API}/embed.js`]);

    const down = session(() => {
      throw new TypeError('Failed to fetch');
    });
    await down.send('Hello');
    expect(down.state().error).toBe(embedMessages.unreachable);
  });

  it('keeps what came of an answer cut off before [DONE], and says so', async () => {
    const chat = session(() => sse(chunk('Half an ans')));
    await chat.send('Hello');
    expect(chat.state().messages.at(-1)).toEqual({ role: 'assistant', text: 'Half an ans' });
    expect(chat.state().error).toBe(embedMessages.cutOff);
  });

  it('shows an error the server sends inside the stream', async () => {
    const chat = session(() =>
      sse(
        `data: ${JSON.stringify({ error: { message: 'The model endpoint failed', type: 'server_error', code: 'model_unavailable' } })}\n\n`,
      ),
    );
    await chat.send('Hello');
    expect(chat.state().error).toBe(embedMessages.failed('The model endpoint failed'));
  });

  it('reads events split anywhere across reads, and CRLF lines', async () => {
    const stream = pushedStream();
    const chat = session(() => new Response(stream.stream));
    const sending = chat.send('Hello');
    const bytes = new TextEncoder().encode(`${chunk('Ça ')}${chunk('va ✓')}data: [DONE]\n\n`.replace(/\n/g, '\r\n'));
    // One byte at a time: every line and each multi-byte character are split across reads.
    for (const byte of bytes) stream.pushBytes(Uint8Array.of(byte));
    stream.end();
    await sending;
    expect(chat.state().messages.at(-1)).toEqual({ role: 'assistant', text: 'Ça va ✓' });
    expect(chat.state().error).toBeNull();
  });
});
