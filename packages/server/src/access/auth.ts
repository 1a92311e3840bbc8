import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http/HttpError.js';
import { clientOf, tooManyAttempts, type AttemptLimiter } from './attempts.js';
import type { Sessions } from './sessions.js';
import { agentKeyNotHere, isAgentPath, looksLikeAgentKey } from '../keys/agentPaths.js';

/** The cookie of a signed-in browser: a random session id, HttpOnly, SameSite=Strict. */
export const SESSION_COOKIE = 'flow_session';

/** Paths anyone may reach: the sign-in page and its form, and whether sign-in is needed. */
export const SIGN_IN_PATH = '/signin';
export const SESSION_API_PATH = '/api/session';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Compares a given token with the configured one in constant time (both hashed to one length). */
export function tokenMatcher(token: string): (given: string) => boolean {
  const expected = digest(token);
  return (given) => timingSafeEqual(digest(given), expected);
}

/** The value of one cookie of a request. */
export function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(req: IncomingMessage): string | null {
  return /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const NOT_EDITOR = new Set(['api', 'hosted', 'dashboard', 'signin']);

/** True for what anyone may load: the sign-in page and form, the session state, the editor's static files. */
export function isPublic(method: string, segments: readonly string[]): boolean {
  const path = `/${segments.join('/')}`;
  if (path === SIGN_IN_PATH) return method === 'GET' || method === 'HEAD' || method === 'POST';
  if (path === SESSION_API_PATH) return method === 'GET' || method === 'HEAD';
  if (!SAFE_METHODS.has(method) || NOT_EDITOR.has(segments[0] ?? '')) return false;
  // A file with an extension (scripts, styles, icons), never the page itself.
  const last = segments[segments.length - 1] ?? '';
  return /\.[A-Za-z0-9]+$/.test(last) && !/\.html?$/i.test(last);
}

/** How a request was let in: `agent` is a served route (/v1, /mcp), whose agent key its handler checks. */
export type Access = 'open' | 'bearer' | 'cookie' | 'public' | 'agent';

export interface AccessOptions {
  token: string | undefined;
  sessions: Sessions;
  /** Origins a browser may send state-changing requests from besides the request's own (`--public-url`). */
  trustedOrigins: readonly string[];
  /** Wrong tokens per client, shared with the sign-in form. */
  limiter: AttemptLimiter;
  /** Count wrong tokens against the address a proxy in front names (`--trust-proxy`). */
  trustProxy: boolean;
}

/**
 * Who may do what. With a token every route but the public ones needs it: the bearer header
 * (clients) or the session cookie (the editor and the pages). A state-changing request that a
 * browser sends from another origin is refused, whatever it carries. A client past the limit of
 * wrong tokens is slowed, never locked out: its tokens wait their turn and a pause (the limiter),
 * the right one still gets in, a wrong one gets 429 with Retry-After. An agent key (`flow_sk_…`)
 * opens none of these, in any mode; the served routes (/v1, /mcp) go to their handlers, which check it.
 */
export function accessControl(options: AccessOptions): {
  /** How the request is let in, or null when it needs to sign in. Throws for a cross-site write, a wrong token or too many. */
  check(req: IncomingMessage, method: string, segments: readonly string[]): Promise<Access | null>;
} {
  const matches = options.token === undefined ? undefined : tokenMatcher(options.token);
  const viaCookie = (req: IncomingMessage): Promise<boolean> => options.sessions.valid(cookieValue(req, SESSION_COOKIE));

  function checkOrigin(req: IncomingMessage, method: string): void {
    if (SAFE_METHODS.has(method)) return;
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    if (origin === undefined) {
      // Browsers send Origin on every cross-origin write; a missing one is a client such as flowctl.
      if (site === 'cross-site' || site === 'same-site') throw crossSite();
      return;
    }
    const own = origin === `http://${req.headers.host ?? ''}` || origin === `https://${req.headers.host ?? ''}`;
    if (!own && !options.trustedOrigins.includes(origin)) throw crossSite();
  }

  return {
    async check(req, method, segments) {
      // Other origins may call the served routes: the key's own origins decide (keys/agentKeys.ts).
      if (isAgentPath(segments)) return 'agent';
      const given = bearerToken(req);
      // In every mode, before anything else: an agent key never opens an editor or provider route.
      if (looksLikeAgentKey(given)) throw agentKeyNotHere();
      checkOrigin(req, method);
      if (matches === undefined) return 'open';
      if (given !== null) {
        const client = clientOf(req, options.trustProxy);
        const turn = await options.limiter.turn(client);
        if (turn === null) throw tooManyAttempts(options.limiter.pause(client));
        const right = matches(given);
        turn.done(!right);
        if (right) return 'bearer';
        // Past the limit already: 429, with when the next token will be looked at.
        if (turn.paused > 0) throw tooManyAttempts(options.limiter.pause(client));
        throw new HttpError(401, 'UNAUTHORIZED', 'Invalid bearer token', { headers: { 'WWW-Authenticate': 'Bearer' } });
      }
      if (await viaCookie(req)) return 'cookie';
      if (isPublic(method, segments)) return 'public';
      return null;
    },
  };
}

function crossSite(): HttpError {
  return new HttpError(403, 'CROSS_SITE', 'A request from another site was refused: open the editor from this provider');
}

/** The 401 of a call that needs the token. */
export function unauthorized(): HttpError {
  return new HttpError(401, 'UNAUTHORIZED', 'Sign in first: a bearer token is required (Authorization: Bearer <token>)', {
    headers: { 'WWW-Authenticate': 'Bearer' },
  });
}
