import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { HttpError } from './HttpError.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Common headers of every answer: no sniffing, no referrer leaks. */
function baseHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

/** Sends a body (string or bytes) with its type, length and extra headers. */
export function sendBody(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  baseHeaders(res);
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': bytes.length, ...headers });
  res.end(bytes);
}

/** Sends a value as JSON. */
export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  sendBody(res, status, JSON_TYPE, JSON.stringify(value), { 'Cache-Control': 'no-store', ...headers });
}

/** Sends already serialized JSON. */
export function sendJsonText(res: ServerResponse, status: number, text: string | Buffer, headers: Record<string, string> = {}): void {
  sendBody(res, status, JSON_TYPE, text, { 'Cache-Control': 'no-store', ...headers });
}

/** Sends an HttpError as `{ error: { code, message, ...extra } }`. */
export function sendError(res: ServerResponse, error: HttpError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = { error: { code: error.code, message: error.message, ...error.extra } };
  sendJson(res, error.status, body, error.headers);
}

/** A strong ETag of some bytes: the quoted base64url SHA-256. */
export function etagOf(bytes: string | Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

/** True when an `If-None-Match` header names the ETag (or `*`). */
export function matchesNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
