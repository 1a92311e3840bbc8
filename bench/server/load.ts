import { Agent, request, type IncomingHttpHeaders } from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
}

export interface LoadOptions {
  concurrency: number;
  seconds: number;
  method?: string;
  body?: string;
  /** Extra headers of each request, asked for just before it is sent (a conditional PUT's current ETag). */
  headers?: () => Record<string, string>;
  /** Sees the headers of each answer (to carry the ETag a write answered with). */
  onResponse?: (headers: IncomingHttpHeaders) => void;
}

/**
 * A keep-alive load generator: `concurrency` loops each sending the next request as soon as the
 * previous answer is read, for `seconds`. Loopback only.
 */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1') throw new Error('the bench only sends traffic to 127.0.0.1');
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const method = options.method ?? 'GET';
  const bodyHeaders: Record<string, string> = options.body === undefined ? {} : { 'Content-Type': 'application/json' };
  let requests = 0;
  let errors = 0;
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const headers = { ...bodyHeaders, ...options.headers?.() };
      const req = request({ agent, host: target.hostname, port: target.port, path: target.pathname, method, headers }, (res) => {
        options.onResponse?.(res.headers);
        res.on('data', () => undefined);
        res.on('end', () => {
          if ((res.statusCode ?? 500) < 400) requests += 1;
          else errors += 1;
          resolve();
        });
      });
      req.setTimeout(10_000, () => req.destroy());
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(options.body);
    });
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const loop = async (): Promise<void> => {
    while (performance.now() < deadline) await one();
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests, errors, seconds, perSecond: requests / seconds };
}
