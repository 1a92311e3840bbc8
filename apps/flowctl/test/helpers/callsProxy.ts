import { createServer, request, type Server } from 'node:http';

/** A provider without the whole-document endpoint: 404 for /api/flows, the rest forwarded to `target`. */
export function startCallsProxy(target: string): Promise<Server> {
  const server = createServer((req, res) => {
    if ((req.url ?? '').startsWith('/api/flows/')) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"code":"NOT_FOUND","message":"Not found"}}');
      return;
    }
    const upstream = request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The address of a server listening on 127.0.0.1. */
export function serverUrl(server: Server): string {
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
}
