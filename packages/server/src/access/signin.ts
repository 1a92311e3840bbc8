import { validateHeaderValue, type IncomingMessage, type ServerResponse } from 'node:http';
import { html, page, sendPage } from '../hosted/html.js';
import { readForm } from '../http/body.js';
import { sendJson } from '../http/respond.js';
import { pathSegments, type Route } from '../http/router.js';
import { clientOf, tooManyAttemptsText, type AttemptLimiter } from './attempts.js';
import { SESSION_API_PATH, SESSION_COOKIE, SIGN_IN_PATH, cookieValue, tokenMatcher } from './auth.js';
import { SESSION_TTL_MS, type Sessions } from './sessions.js';

/** The sign-in page's words. */
export const SIGN_IN_TEXT = {
  title: 'Sign in to Flow',
  intro: 'This provider is shared: enter the token it was started with.',
  label: 'Token',
  button: 'Sign in',
  wrong: 'Wrong token',
  tooMany: tooManyAttemptsText,
} as const;

/** How long a wrong token waits before its answer, so guessing is slow. */
export const WRONG_TOKEN_DELAY_MS = 1000;

export interface SignInOptions {
  token: string | undefined;
  sessions: Sessions;
  /** Wrong tokens per client, shared with the bearer header. */
  limiter: AttemptLimiter;
  /** Count wrong tokens against the address a proxy in front names (`--trust-proxy`). */
  trustProxy: boolean;
  /** Cookies get `Secure` when people reach the provider over https (`--public-url https://…`). */
  secure: boolean;
  /** Test seam for the wrong-token delay. */
  delay?: (ms: number) => Promise<void>;
}

// Control characters and backslashes (which URL parsing turns into slashes) never belong in a next path.
const UNSAFE_NEXT = /[\p{Cc}\\]/u;
const HERE = 'http://next.invalid';

/**
 * Where to go after signing in: a path of this server only (never another site, never the sign-in
 * page itself), percent-encoded so that it is always a valid `Location` header; '/' otherwise.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || UNSAFE_NEXT.test(next)) return '/';
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil.com` normalises to `//evil.com`, which a browser reads as another host.
  if (url.origin !== HERE || path.startsWith('//')) return '/';
  try {
    validateHeaderValue('Location', path);
    if (pathSegments(path).segments[0] === SIGN_IN_PATH.slice(1)) return '/';
  } catch {
    return '/';
  }
  return path;
}

function signInPage(next: string, message?: string): string {
  const body = html`
<h1>${SIGN_IN_TEXT.title}</h1>
<p class="muted">${SIGN_IN_TEXT.intro}</p>
<form method="post" action="${SIGN_IN_PATH}">
  <input type="hidden" name="next" value="${next}">
  <label for="token">${SIGN_IN_TEXT.label}</label>
  <input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
  ${message === undefined ? html`` : html`<p class="error" role="alert">${message}</p>`}
  <p><button type="submit">${SIGN_IN_TEXT.button}</button></p>
</form>`;
  return page(SIGN_IN_TEXT.title, body);
}

/** The sign-in page saying when to try again, 429 with Retry-After. */
function tooMany(res: ServerResponse, next: string, waitMs: number): void {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  sendPage(res, signInPage(next, SIGN_IN_TEXT.tooMany(seconds)), 429, { 'Retry-After': String(seconds) });
}

function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': 0, ...headers });
  res.end();
}

/**
 * Sign-in (`GET`/`POST /signin`: a form without script, the token never echoed), the session state
 * (`GET /api/session`: `{ tokenRequired, signedIn }`) and sign-out (`DELETE /api/session`).
 */
export function signInRoutes(options: SignInOptions): Route[] {
  const matches = options.token === undefined ? undefined : tokenMatcher(options.token);
  const delay = options.delay ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const cookie = (value: string, maxAgeSeconds: number): string =>
    `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${options.secure ? '; Secure' : ''}`;
  const signedIn = (req: IncomingMessage): Promise<boolean> => options.sessions.valid(cookieValue(req, SESSION_COOKIE));

  return [
    {
      method: 'GET',
      pattern: SIGN_IN_PATH,
      async handler({ req, res, query }) {
        const next = safeNext(query.get('next'));
        if (matches === undefined || (await signedIn(req))) return redirect(res, next);
        sendPage(res, signInPage(next));
      },
    },
    {
      method: 'POST',
      pattern: SIGN_IN_PATH,
      async handler({ req, res }) {
        const form = await readForm(req);
        // Known to be a valid Location before any session exists, so a session is never made without its cookie being sent.
        const next = safeNext(form.get('next'));
        if (matches === undefined) return redirect(res, next);
        const client = clientOf(req, options.trustProxy);
        const turn = await options.limiter.turn(client);
        if (turn === null) return tooMany(res, next, options.limiter.pause(client));
        if (matches(form.get('token') ?? '')) {
          turn.done(false);
          return redirect(res, next, { 'Set-Cookie': cookie(await options.sessions.create(), Math.floor(SESSION_TTL_MS / 1000)) });
        }
        // The delay is taken within the turn: the next token of this client waits for it too.
        await delay(WRONG_TOKEN_DELAY_MS);
        turn.done(true);
        if (turn.paused > 0) return tooMany(res, next, options.limiter.pause(client));
        sendPage(res, signInPage(next, SIGN_IN_TEXT.wrong), 401);
      },
    },
    {
      method: 'GET',
      pattern: SESSION_API_PATH,
      async handler({ req, res }) {
        sendJson(res, 200, { tokenRequired: matches !== undefined, signedIn: matches === undefined || (await signedIn(req)) });
      },
    },
    {
      method: 'DELETE',
      pattern: SESSION_API_PATH,
      async handler({ req, res }) {
        await options.sessions.drop(cookieValue(req, SESSION_COOKIE));
        res.writeHead(204, { 'Set-Cookie': cookie('', 0), 'Cache-Control': 'no-store' });
        res.end();
      },
    },
  ];
}
