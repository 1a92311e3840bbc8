import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSseParser, sseEvents, type SseEvent } from './sse.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

async function* pieces(chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

/** The reader as it was written first (an event at a time, the rest of the text copied after each): what the parser must agree with. */
async function* reference(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.search(/\r?\n\r?\n/);
    while (end !== -1) {
      const lines = buffer.slice(0, end).split(/\r?\n/);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const field = (name: string): string[] =>
        lines.filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1).replace(/^ /, ''));
      const data = field('data').join('\n');
      if (data === '[DONE]') return;
      if (data !== '') yield { event: field('event')[0] ?? 'message', data };
      end = buffer.search(/\r?\n\r?\n/);
    }
  }
}

async function all(events: AsyncIterable<SseEvent>): Promise<SseEvent[]> {
  const read: SseEvent[] = [];
  for await (const event of events) read.push(event);
  return read;
}

/** `text`'s bytes cut at `cuts` (positions, any order, inside characters too). */
function cut(text: string, cuts: readonly number[]): Uint8Array[] {
  const whole = bytes(text);
  const at = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const to of [...at, whole.length]) {
    out.push(whole.slice(from, to));
    from = to;
  }
  return out;
}

describe('server-sent events', () => {
  it("gives a piece's whole events at once, names them, joins data lines, and ends at [DONE]", () => {
    const parser = createSseParser();
    expect(parser.push(bytes('data: {"a":1}\n\nevent: token\ndata: one\ndata:two\n\ndata: par'))).toEqual([
      { event: 'message', data: '{"a":1}' },
      { event: 'token', data: 'one\ntwo' },
    ]);
    expect(parser.push(bytes('t\r\n\r\n: a comment\n\ndata: [DONE]\n\ndata: after\n\n'))).toEqual([{ event: 'message', data: 'part' }]);
    expect(parser.done).toBe(true);
    expect(parser.push(bytes('data: more\n\n'))).toEqual([]);
  });

  it('reads any stream as the first reader did, however its bytes are cut', async () => {
    const line = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }).map((text) => `data: ${text.replace(/[\r\n]/g, ' ')}`),
      fc.constantFrom('data: [DONE]', 'data:', 'event: token', 'event:done', ': comment', 'id: 7', 'data:x'),
    );
    const event = fc.array(line, { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(event, fc.constantFrom('\n', '\r\n')), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (events, cuts) => {
          const text = events.map(([lines, eol]) => `${lines.join(eol)}${eol}${eol}`).join('');
          const chunks = cut(text, cuts);
          expect(await all(sseEvents(pieces(chunks)))).toEqual(await all(reference(pieces(chunks))));
        },
      ),
      { numRuns: 300 },
    );
  });
});
