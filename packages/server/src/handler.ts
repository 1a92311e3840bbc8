import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerCheck, hostCheck, isPlanScoped } from './auth.js';
import { HttpError, notFound } from './http/HttpError.js';
import { sendError } from './http/respond.js';
import { createRouter, pathSegments, type Route } from './http/router.js';

export interface HandlerOptions {
  routes: readonly Route[];
  token: string | undefined;
  bindHost: string;
  /** Serves the built editor for any other GET; absent when there is none. */
  editor?: (req: IncomingMessage, res: ServerResponse, segments: readonly string[]) => Promise<void>;
  /** Where unexpected errors are reported (never with the token). */
  log: (line: string) => void;
}

/** Redacts the token from a text that is about to be logged. */
function redact(text: string, token: string | undefined): string {
  return token ? text.split(token).join('***') : text;
}

/**
 * The request pipeline: host check, bearer check on plan-scoped calls, routing (404/405), the
 * route's handler, then the editor's files; every failure becomes a JSON error, unexpected ones a
 * bare 500 whose details go only to the log.
 */
export function createHandler(options: HandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const route = createRouter(options.routes);
  const checkHost = hostCheck(options.bindHost);
  const checkBearer = bearerCheck(options.token);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    checkHost(req);
    const method = req.method ?? 'GET';
    const { segments, query } = pathSegments(req.url ?? '/');
    if (isPlanScoped(segments)) checkBearer(req);
    const match = route(method, segments);
    if (match.kind === 'route') return match.route.handler({ req, res, params: match.params, query });
    if (match.kind === 'method') {
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed here`, {
        headers: { Allow: match.allowed.join(', ') },
      });
    }
    if ((method === 'GET' || method === 'HEAD') && segments[0] !== 'api' && options.editor) {
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
      options.log(redact(`flow server: ${req.method ?? '?'} request failed: ${detail}`, options.token));
      sendError(res, new HttpError(500, 'INTERNAL', 'Internal error'));
    });
  };
}
