import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from './http/HttpError.js';

/** Call families that carry the plan's bearer token (spec section 7, plus our extensions). */
const PLAN_SCOPED = new Set(['gpt', 'mate', 'flows', 'plans']);

/** True for addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** True when a request path is a plan-scoped call: /api/gpt, /api/mate, /api/flows, /api/plans. */
export function isPlanScoped(segments: readonly string[]): boolean {
  return segments[0] === 'api' && PLAN_SCOPED.has(segments[1] ?? '');
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** A check of `Authorization: Bearer <token>` in constant time; with no token, everything passes. */
export function bearerCheck(token: string | undefined): (req: IncomingMessage) => void {
  if (token === undefined) return () => undefined;
  const expected = digest(token);
  return (req) => {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.authorization ?? '');
    // Hashing first makes both sides the same length, so the comparison time says nothing.
    const given = digest(match?.[1] ?? '');
    const ok = timingSafeEqual(given, expected) && match !== null;
    if (!ok) {
      const message = match ? 'Invalid bearer token' : 'A bearer token is required (Authorization: Bearer <token>)';
      throw new HttpError(401, 'UNAUTHORIZED', message, { headers: { 'WWW-Authenticate': 'Bearer' } });
    }
  };
}

/**
 * On a loopback address, refuses requests whose Host names another machine: a web page on a
 * rebinding domain could otherwise reach the provider through the browser.
 */
export function hostCheck(bindHost: string): (req: IncomingMessage) => void {
  if (!isLoopback(bindHost)) return () => undefined;
  return (req) => {
    const host = req.headers.host;
    if (host === undefined) return;
    const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
    if (!isLoopback(name) && !name.toLowerCase().endsWith('.localhost')) {
      throw new HttpError(403, 'FORBIDDEN_HOST', 'This provider only answers requests addressed to this machine');
    }
  };
}
