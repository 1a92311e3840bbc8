import type { IncomingMessage, ServerResponse } from 'node:http';
import { requireId } from '../ids.js';
import { badRequest } from './HttpError.js';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

/** What a handler gets: the exchange, the checked path parameters and the query. */
export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
}

export type Handler = (ctx: RequestContext) => Promise<void> | void;

/** A route: `:name` segments are parameters, each checked against the id pattern. */
export interface Route {
  method: Exclude<Method, 'HEAD'>;
  pattern: string;
  handler: Handler;
}

/** The outcome of matching a request path. */
export type Match =
  { kind: 'route'; route: Route; params: Record<string, string> } | { kind: 'method'; allowed: string[] } | { kind: 'none' };

/**
 * The raw path of a request split into decoded segments. The path is not normalised: `..` stays a
 * segment (and `%2e%2e` decodes to one) so that the id checks refuse it instead of it vanishing.
 */
export function pathSegments(rawUrl: string): { segments: string[]; query: URLSearchParams } {
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const query = new URLSearchParams(q === -1 ? '' : rawUrl.slice(q + 1));
  const segments = path
    .split('/')
    .slice(1)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw badRequest('Malformed percent-encoding in the request path');
      }
    });
  return { segments, query };
}

/** A table of routes matched by literal segments, then method; parameters checked last. */
export function createRouter(routes: readonly Route[]): (method: string, segments: readonly string[]) => Match {
  const compiled = routes.map((route) => ({ route, parts: route.pattern.split('/').slice(1) }));
  return (method, segments) => {
    const allowed: string[] = [];
    for (const { route, parts } of compiled) {
      if (parts.length !== segments.length) continue;
      const raw: Record<string, string> = {};
      const fits = parts.every((part, i) => {
        const segment = segments[i] ?? '';
        if (part.startsWith(':')) {
          raw[part.slice(1)] = segment;
          return true;
        }
        return part === segment;
      });
      if (!fits) continue;
      const wanted = method === 'HEAD' ? 'GET' : method;
      if (route.method !== wanted) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(raw)) params[name] = requireId(value, name);
      return { kind: 'route', route, params };
    }
    if (allowed.length === 0) return { kind: 'none' };
    if (allowed.includes('GET')) allowed.push('HEAD');
    return { kind: 'method', allowed };
  };
}

/** A path parameter of the matched route (present by construction of the route's pattern). */
export function param(params: Record<string, string>, name: string): string {
  const value = params[name];
  if (value === undefined) throw new Error(`route has no parameter ${name}`);
  return value;
}
