import type { IncomingMessage } from 'node:http';
import { HttpError } from './HttpError.js';

/** An `If-Match` or `If-None-Match` header: `*`, or the entity tags it lists. */
export type TagCondition = '*' | readonly string[];

/** The preconditions of a flow write, as its request headers state them. */
export interface WritePreconditions {
  ifMatch: TagCondition | undefined;
  ifNoneMatch: TagCondition | undefined;
}

/**
 * Whether a write must state what it replaces: `required` for whole documents (PUT, publish), where
 * a write without a precondition over an existing flow is refused with 428; `optional` for the
 * spec's calls, which spec-only clients send without one.
 */
export type PreconditionPolicy = 'required' | 'optional';

/** What a precondition is checked against: the flow as stored now. */
export interface CurrentVersion {
  exists: boolean;
  etag: string;
}

export const MESSAGES = {
  weakEtag: 'If-Match needs a strong ETag: weak (W/) tags are refused',
  stale: 'The flow was changed since it was loaded: reload it before saving',
  exists: 'This flow already exists: load it and send If-Match with its ETag to replace it',
  missing: 'This flow does not exist: send If-None-Match: * to create it',
  required: 'This flow exists: send If-Match with its ETag to replace it, or If-None-Match: * to create a new one',
} as const;

function parseCondition(header: string | undefined): TagCondition | undefined {
  if (header === undefined) return undefined;
  const tags = header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  if (tags.length === 0) return undefined;
  return tags.includes('*') ? '*' : tags;
}

/**
 * The preconditions of a write request. Refuses (400 WEAK_ETAG) a weak tag in `If-Match`: a weak
 * tag cannot promise the bytes a client edited are the bytes it would replace.
 */
export function writePreconditions(req: IncomingMessage): WritePreconditions {
  const ifMatch = parseCondition(req.headers['if-match']);
  if (ifMatch !== undefined && ifMatch !== '*' && ifMatch.some((tag) => tag.startsWith('W/'))) {
    throw new HttpError(400, 'WEAK_ETAG', MESSAGES.weakEtag);
  }
  return { ifMatch, ifNoneMatch: parseCondition(req.headers['if-none-match']) };
}

function failed(message: string, current: CurrentVersion): HttpError {
  return new HttpError(412, 'PRECONDITION_FAILED', message, current.exists ? { headers: { ETag: current.etag } } : {});
}

/**
 * Throws unless the preconditions allow writing over `current`: 412 PRECONDITION_FAILED (with the
 * current ETag) for a stale `If-Match`, an `If-Match` on a flow never written, or `If-None-Match`
 * naming the flow that exists; 428 PRECONDITION_REQUIRED when the policy requires one and neither
 * `If-Match` nor `If-None-Match: *` was sent over an existing flow.
 */
export function checkPreconditions(pre: WritePreconditions, current: CurrentVersion, policy: PreconditionPolicy): void {
  const { ifMatch, ifNoneMatch } = pre;
  if (ifMatch !== undefined) {
    if (!current.exists) throw failed(MESSAGES.missing, current);
    if (ifMatch !== '*' && !ifMatch.includes(current.etag)) throw failed(MESSAGES.stale, current);
  }
  if (ifNoneMatch !== undefined && current.exists) {
    const named = ifNoneMatch === '*' || ifNoneMatch.some((tag) => tag === current.etag || tag === `W/${current.etag}`);
    if (named) throw failed(MESSAGES.exists, current);
  }
  // Only `If-None-Match: *` says "create": a list of other tags does not state what is replaced.
  if (policy === 'required' && current.exists && ifMatch === undefined && ifNoneMatch !== '*') {
    throw new HttpError(428, 'PRECONDITION_REQUIRED', MESSAGES.required);
  }
}
