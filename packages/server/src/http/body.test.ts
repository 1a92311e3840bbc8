import { createServer, request, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { readBytes } from './body.js';
import { HttpError } from './HttpError.js';

/** A server answering each request with what readBytes made of its body: the bytes, or the refusal's status. */
function echo(limit: number): Promise<Server> {
  const server = createServer((req, res) => {
    readBytes(req, limit).then(
      (bytes) => res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
      (error: unknown) => res.writeHead(error instanceof HttpError ? error.status : 500).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Sends `chunks` one write each, with their total as Content-Length or chunked; resolves with the status and body. */
function send(server: Server, chunks: Buffer[], withLength: boolean): Promise<{ status: number; body: Buffer }> {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server listens on a TCP port');
  const { port } = address;
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', headers: withLength ? { 'Content-Length': length } : {} }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('readBytes', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('gives the bytes of a body sent in many chunks, with its length declared or not', async () => {
    server = await echo(1024 * 1024);
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.from(`${i}é😀`.repeat(500)));
    const whole = Buffer.concat(chunks);
    for (const withLength of [true, false]) {
      const { status, body } = await send(server, chunks, withLength);
      expect({ status, same: body.equals(whole) }).toEqual({ status: 200, same: true });
    }
  });

  it('refuses a body past the limit with 413, its length declared or not', async () => {
    server = await echo(1000);
    for (const withLength of [true, false]) {
      const { status } = await send(server, [Buffer.alloc(600), Buffer.alloc(600)], withLength);
      expect(status).toBe(413);
    }
  });
});
