import type { FlowDocument } from '../format/types.js';

/** The outcome of a graph operation that can be refused with one of the spec's messages. */
export type GraphResult<T = { doc: FlowDocument }> = ({ ok: true } & T) | { ok: false; error: string };

/** Default id source for new nodes. */
export function randomId(): string {
  return globalThis.crypto.randomUUID();
}
