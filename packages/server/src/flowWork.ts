// The heavy part of a large flow write (parsing and checking the body, applying it, serializing and
// hashing the result), as jobs of plain, structured-clone friendly data: flowWorkers.ts runs them on
// worker threads so that no other request waits for them.
import { flowFunctions, serializeFlow, unsetSecretFindings, type FlowDocument, type Finding } from '@flow/core';
import { checkedFlow, requireSameIds } from './flowCheck.js';
import { applyFunctions, functionInputs } from './functionUpdates.js';
import { HttpError, type ErrorCode } from './http/HttpError.js';
import { parseJsonText, textOfBytes } from './http/body.js';
import { etagOf } from './http/respond.js';
import { requireValid, storedOf, type PreparedFlow } from './store/flowStore.js';
import { promptOf } from './store/publishStore.js';

/**
 * The stored flow a job starts from, as its text, or the text's UTF-8 bytes when a worker prepared
 * them (copied as bytes, no string is built): a large document is costly to pass between threads, these are not.
 */
export interface CurrentText {
  content: string | Uint8Array;
  etag: string;
  exists: boolean;
}

/** A whole document (PUT, publish): checked as every write is, its unset secrets named, serialized and hashed. */
export interface DocumentJob {
  kind: 'document';
  body: Uint8Array;
  planId: string;
  versionName: string;
  /** The secrets the provider's store holds. */
  secretNames: string[];
}

/** An update-functions body, only checked: its refusals come before the flow is read. */
export interface CheckFunctionsJob {
  kind: 'check-functions';
  body: Uint8Array;
}

/** update-functions applied to the flow as it is stored now. */
export interface FunctionsJob {
  kind: 'functions';
  body: Uint8Array;
  current: CurrentText;
  planId: string;
  versionName: string;
  now: string;
}

export type FlowJob = DocumentJob | CheckFunctionsJob | FunctionsJob;

export type FlowJobResult =
  | { kind: 'document'; flow: PreparedFlow; findings: Finding[] }
  | { kind: 'check-functions' }
  /** `answer` is the body of the call's 200, `{ result: <the flow's functions> }`, as UTF-8 bytes (encoded here, handed over). */
  | { kind: 'functions'; flow: PreparedFlow; answer: Uint8Array };

/** A refusal as it crosses threads: an HttpError's fields, or the message of any other error. */
export type JobError =
  | { http: true; status: number; code: ErrorCode; message: string; extra: Record<string, unknown>; headers: Record<string, string> }
  | { http: false; message: string };

export type FlowJobOutcome = { ok: true; result: FlowJobResult } | { ok: false; error: JobError };

// TextEncoder's bytes have a buffer of their own, which the worker can hand over (Buffer.from may share a pool).
const encoder = new TextEncoder();

/** A document stored at `planId`/`versionName` (the path names the flow), ready for the store: bytes only, a string would be copied across. */
function prepared(doc: FlowDocument, planId: string, versionName: string): PreparedFlow {
  const placed: FlowDocument = { ...doc, planId, versionName };
  const text = serializeFlow(placed);
  return { prepared: true, bytes: encoder.encode(text), hash: etagOf(text), prompt: promptOf(placed) };
}

/** Runs a job on this thread; throws what the route would throw (HttpError with the same status, code and message). */
export function runFlowJob(job: FlowJob): FlowJobResult {
  const value = parseJsonText(textOfBytes(job.body));
  switch (job.kind) {
    case 'document': {
      const { doc, findings } = checkedFlow(value);
      requireSameIds(doc, job.planId, job.versionName);
      // A secret the store lacks does not block a save: the answer says so, as the Playground will.
      const stored = new Set(job.secretNames);
      const unset = unsetSecretFindings(doc, (name) => stored.has(name));
      return { kind: 'document', flow: prepared(doc, job.planId, job.versionName), findings: [...findings, ...unset] };
    }
    case 'check-functions':
      functionInputs(value);
      return { kind: 'check-functions' };
    case 'functions': {
      const { current, planId, versionName } = job;
      const inputs = functionInputs(value);
      const text = typeof current.content === 'string' ? current.content : textOfBytes(current.content);
      const start = requireValid(storedOf(text, current.etag, current.exists, planId, versionName)).doc;
      const doc: FlowDocument = { ...applyFunctions(start, inputs, planId, job.now), planId, versionName };
      return {
        kind: 'functions',
        flow: prepared(doc, planId, versionName),
        answer: encoder.encode(JSON.stringify({ result: flowFunctions(doc) })),
      };
    }
  }
}

/** Runs a job and catches its refusal, so that it can be posted back to the main thread. */
export function outcomeOf(job: FlowJob): FlowJobOutcome {
  try {
    return { ok: true, result: runFlowJob(job) };
  } catch (error) {
    if (error instanceof HttpError) {
      const { status, code, message, extra, headers } = error;
      return { ok: false, error: { http: true, status, code, message, extra, headers } };
    }
    return { ok: false, error: { http: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
  }
}

/** What a reply can hand over rather than copy: the bytes of the prepared flow, and of the answer. */
export function transferablesOf(outcome: FlowJobOutcome): ArrayBuffer[] {
  if (!outcome.ok || outcome.result.kind === 'check-functions') return [];
  const { result } = outcome;
  const views = result.kind === 'functions' ? [result.flow.bytes, result.answer] : [result.flow.bytes];
  return views.flatMap(({ buffer }) => (buffer instanceof ArrayBuffer ? [buffer] : []));
}

/** The error a job's refusal stands for on the main thread. */
export function errorOf(error: JobError): Error {
  if (!error.http) return new Error(`flow worker: ${error.message}`);
  return new HttpError(error.status, error.code, error.message, { extra: error.extra, headers: error.headers });
}
