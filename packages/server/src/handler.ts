import type { IncomingMessage, ServerResponse } from 'node:http';
import { accessControl, bearerToken, unauthorized, SIGN_IN_PATH } from './access/auth.js';
import type { hostPolicy } from './access/hosts.js';
import type { AttemptLimiter } from './access/attempts.js';
import type { Sessions } from './access/sessions.js';
import { redactTokens } from '@flow/core';
import { HttpError, notFound } from './http/HttpError.js';
import { sendError } from './http/respond.js';
import { createRequestSlices } from './http/requestSlices.js';
import { createRouter, pathSegments, type Route } from './http/router.js';
import type { AgentKeys } from './keys/agentKeys.js';

export interface HandlerOptions {
  routes: readonly Route[];
  token: string | undefined;
  hosts: ReturnType<typeof hostPolicy>;
  sessions: Sessions;
  /** Wrong tokens per client, shared with the sign-in form. */
  limiter: AttemptLimiter;
  /** Count wrong tokens against the address a proxy in front names (`--trust-proxy`). */
  trustProxy: boolean;
  /** Origins a browser may write from besides the request's own (`--public-url`). */
  trustedOrigins: readonly string[];
  /** Serves the built editor for any other GET; absent when there is none. */
  editor?: (req: IncomingMessage, res: ServerResponse, segments: readonly string[]) => Promise<void>;
  /** Agent keys: they answer the served routes' CORS preflights. */
  agentKeys: Pick<AgentKeys, 'preflight'>;
  /** Where unexpected errors are reported (never with the token). */
  log: (line: string) => void;
}

/**
 * The request pipeline: Host allow-list, access (with a token, every route but sign-in and the
 * editor's static files needs it: bearer header or session cookie; writes from another site are
 * refused; an agent key opens only the served routes, /v1 and /mcp, which check it, and which start in
 * slices of the event loop), routing (404/405), the route's handler, then the editor's files. A page asked for
 * without signing in goes to the sign-in page; every other failure becomes a JSON error,
 * unexpected ones a bare 500 whose details go only to the log.
 */
export function createHandler(options: HandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const route = createRouter(options.routes);
  const access = accessControl({
    token: options.token,
    sessions: options.sessions,
    trustedOrigins: options.trustedOrigins,
    limiter: options.limiter,
    trustProxy: options.trustProxy,
  });
  const slices = createRequestSlices();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    options.hosts.check(req);
    const method = req.method ?? 'GET';
    const { segments, query } = pathSegments(req.url ?? '/');
    const how = await access.check(req, method, segments);
    // The served routes check their agent key themselves; their preflights are answered here.
    if (how === 'agent' && method === 'OPTIONS') return options.agentKeys.preflight(req, res);
    // Served turns that come together are prepared a slice at a time, each slice's model requests sent before the next.
    if (how === 'agent') await slices.enter();
    if (how === null) {
      if ((method === 'GET' || method === 'HEAD') && segments[0] !== 'api') {
        res.writeHead(303, {
          Location: `${SIGN_IN_PATH}?next=${encodeURIComponent(req.url ?? '/')}`,
          'Cache-Control': 'no-store',
          'Content-Length': 0,
        });
        res.end();
        return;
      }
      throw unauthorized();
    }
    const match = route(method, segments);
    if (match.kind === 'route') return match.route.handler({ req, res, params: match.params, query });
    if (match.kind === 'method') {
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed here`, {
        headers: { Allow: match.allowed.join(', ') },
      });
    }
    if ((method === 'GET' || method === 'HEAD') && segments[0] !== 'api' && how !== 'agent' && options.editor) {
      return options.editor(req, res, segments);
    }
    throw notFound('No such route');
  }

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        // Unread request bodies are drained, so the connection stays usable.
        if (!req.complete) req.resume();
        sendError(res, error);
        return;
      }
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      // Neither the editor token nor the bearer the request carried (an agent key) ever reaches the log.
      const secrets = [options.token, bearerToken(req)].filter((token): token is string => token !== undefined && token !== null);
      options.log(redactTokens(`flow server: ${req.method ?? '?'} request failed: ${detail}`, secrets));
      sendError(res, new HttpError(500, 'INTERNAL', 'Internal error'));
    });
  };
}
