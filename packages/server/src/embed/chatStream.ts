// Reads an OpenAI Chat Completions stream (SSE `chat.completion.chunk` events ending with
// `data: [DONE]`) as it arrives, with a ReadableStream reader.

export interface StreamListener {
  /** A piece of the assistant's text. */
  delta(text: string): void;
  /** The conversation the answer belongs to (every chunk carries it). */
  conversation(id: string): void;
}

/** An error the server sent inside the stream. */
export class StreamError extends Error {}

/** An own field of a parsed JSON value, or undefined. */
export function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
  const found: unknown = Reflect.get(value, key);
  return found;
}

function onEvent(data: string, listener: StreamListener): void {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    return;
  }
  const error = field(field(chunk, 'error'), 'message');
  if (typeof error === 'string') throw new StreamError(error);
  const id = field(chunk, 'conversation_id');
  if (typeof id === 'string' && id !== '') listener.conversation(id);
  const choices = field(chunk, 'choices');
  const content = field(field(Array.isArray(choices) ? choices[0] : undefined, 'delta'), 'content');
  if (typeof content === 'string' && content !== '') listener.delta(content);
}

/** Reads the stream to `data: [DONE]`: true when it came, false when the stream ended before it (cut off). */
export async function readCompletionStream(body: ReadableStream<Uint8Array>, listener: StreamListener): Promise<boolean> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      // The last piece may be half a line: it waits for the next read.
      buffer = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        if (line === '') {
          const event = data.join('\n');
          data = [];
          if (event === '[DONE]') return true;
          if (event !== '') onEvent(event, listener);
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line[5] === ' ' ? 6 : 5));
        }
      }
      if (done) return data.join('\n') === '[DONE]';
    }
  } finally {
    reader.releaseLock();
  }
}
