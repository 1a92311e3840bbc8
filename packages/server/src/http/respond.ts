import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { HttpError } from './HttpError.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Common headers of every answer: no sniffing; no referrer to other sites (same-origin keeps the Origin header of this server's own writes, which the cross-site check reads). */
function baseHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
}

/**
 * The headers of every HTML page (the editor's, the hosted pages, the dashboard, sign-in): scripts
 * only from this server (no inline script), styles from it or inline, calls and frames to it only,
 * and framed only by pages of this server (the editor frames the create-workflow page).
 */
export function pageHeaders(): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
  return { 'Content-Security-Policy': csp, 'X-Frame-Options': 'SAMEORIGIN' };
}

/** Sends a body (string or bytes) with its type, length and extra headers. */
export function sendBody(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Uint8Array,
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
export function sendJsonText(res: ServerResponse, status: number, text: string | Uint8Array, headers: Record<string, string> = {}): void {
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
