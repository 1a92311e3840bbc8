/** One server-sent event: its name (`message` when it has none) and its data. */
export interface SseEvent {
  event: string;
  data: string;
}

/** The events of a server-sent event stream as they arrive; a `[DONE]` data ends it (as OpenAI's streams do). */
export async function* sseEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
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

/** The data of each event of a server-sent event stream. */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  for await (const event of sseEvents(body)) yield event.data;
}
