/** One server-sent event: its name (`message` when it has none) and its data. */
export interface SseEvent {
  event: string;
  data: string;
}

/** A server-sent event stream read as its bytes come: each piece's whole events at once, with no await between them. */
export interface SseParser {
  /** The events a piece of the stream completes, in order; none once a `[DONE]` data was read (as OpenAI's streams end). */
  push(chunk: Uint8Array): readonly SseEvent[];
  /** Whether a `[DONE]` data was read: the stream is over. */
  readonly done: boolean;
}

// An event ends at a blank line, whichever line ends the stream uses.
const EVENT_END = /\r?\n\r?\n/g;
const LINE_END = /\r?\n/;
const NONE: readonly SseEvent[] = [];

/** The values of one field of an event's lines (`data: x` gives `x`: one space after the colon is not part of it). */
function fieldOf(lines: readonly string[], name: string): string[] {
  const prefix = `${name}:`;
  const values: string[] = [];
  for (const line of lines)
    if (line.startsWith(prefix))
      values.push(line.charCodeAt(prefix.length) === 32 ? line.slice(prefix.length + 1) : line.slice(prefix.length));
  return values;
}

/** A parser of a server-sent event stream. */
export function createSseParser(): SseParser {
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  return {
    get done() {
      return done;
    },
    push(chunk) {
      if (done) return NONE;
      buffer += decoder.decode(chunk, { stream: true });
      let events: SseEvent[] | undefined;
      let start = 0;
      EVENT_END.lastIndex = 0;
      for (let end = EVENT_END.exec(buffer); end !== null; end = EVENT_END.exec(buffer)) {
        const block = buffer.slice(start, end.index);
        start = EVENT_END.lastIndex;
        // Most events are one data line.
        const lines = block.includes('\n') ? block.split(LINE_END) : [block];
        const data = fieldOf(lines, 'data').join('\n');
        if (data === '[DONE]') {
          done = true;
          buffer = '';
          return events ?? NONE;
        }
        if (data !== '') (events ??= []).push({ event: fieldOf(lines, 'event')[0] ?? 'message', data });
      }
      buffer = buffer.slice(start);
      return events ?? NONE;
    },
  };
}

/** The events of a server-sent event stream as they arrive; a `[DONE]` data ends it (as OpenAI's streams do). */
export async function* sseEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const parser = createSseParser();
  for await (const chunk of body) {
    yield* parser.push(chunk);
    if (parser.done) return;
  }
}
