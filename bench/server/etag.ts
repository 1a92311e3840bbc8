import type { IncomingHttpHeaders } from 'node:http';

/**
 * The precondition of a client that writes one flow again and again: `If-None-Match: *` while the
 * flow does not exist yet, then `If-Match` with the ETag of the last answer (a write answers with
 * its new ETag), as the provider requires of a PUT over an existing flow.
 */
export interface EtagCarrier {
  headers(): Record<string, string>;
  onResponse(headers: IncomingHttpHeaders | Headers): void;
}

/** A carrier starting from a known ETag, or from none for a flow not written yet. */
export function etagCarrier(initial?: string): EtagCarrier {
  let etag = initial;
  return {
    headers(): Record<string, string> {
      return etag === undefined ? { 'If-None-Match': '*' } : { 'If-Match': etag };
    },
    onResponse(headers) {
      const value = headers instanceof Headers ? headers.get('etag') : headers.etag;
      if (typeof value === 'string' && value !== '') etag = value;
    },
  };
}
