// A local fake of GitHub's issue-comment REST API on 127.0.0.1: records every request, pages
// lists with a Link header, answers POST and PATCH as GitHub does.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isRecord } from '@flow/core';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Comment {
  id: number;
  body: string;
}

/** A local fake of GitHub's issue-comment API: records requests, pages lists by 100 with a Link header. */
export class FakeGitHub {
  constructor(
    readonly repository: string,
    readonly pr: number,
  ) {}

  readonly requests: Recorded[] = [];
  comments: Comment[] = [];
  /** A status and message every request gets instead (401, 403). */
  failure: { status: number; message: string } | null = null;
  /** Where the list's next page is said to be (another origin, to test that the token stays home). */
  nextOrigin: string | null = null;
  private nextId = 1000;

  /** Forgets requests and comments; ids start again at 1000. */
  reset(): void {
    this.requests.length = 0;
    this.comments = [];
    this.failure = null;
    this.nextOrigin = null;
    this.nextId = 1000;
  }
  private server: Server = createServer((req, res) => this.handle(req, res));
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address: AddressInfo | string | null = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    this.url = `http://127.0.0.1:${address.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const send = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(value));
      };
      if (this.failure)
        return send(this.failure.status, { message: this.failure.message, documentation_url: 'https://docs.github.com/rest' });
      const url = new URL(req.url ?? '/', this.url);
      const list = new RegExp(`^/repos/${this.repository}/issues/${this.pr}/comments$`).exec(url.pathname);
      const one = new RegExp(`^/repos/${this.repository}/issues/comments/(\\d+)$`).exec(url.pathname);
      const html = (id: number): string => `https://github.com/${this.repository}/pull/${this.pr}#issuecomment-${id}`;
      const answer = (c: Comment): unknown => ({ id: c.id, body: c.body, html_url: html(c.id), user: { login: 'github-actions[bot]' } });
      if (list && req.method === 'GET') {
        const page = Number(url.searchParams.get('page') ?? '1');
        const perPage = Number(url.searchParams.get('per_page') ?? '30');
        const items = this.comments.slice((page - 1) * perPage, page * perPage);
        const more = page * perPage < this.comments.length;
        const next = `${this.nextOrigin ?? this.url}/repos/${this.repository}/issues/${this.pr}/comments?per_page=${perPage}&page=${page + 1}`;
        return send(200, items.map(answer), more ? { link: `<${next}>; rel="next", <${next}>; rel="last"` } : {});
      }
      const sent: unknown = body === '' ? null : JSON.parse(body);
      const text = isRecord(sent) && typeof sent.body === 'string' ? sent.body : '';
      if (list && req.method === 'POST') {
        const comment = { id: this.nextId++, body: text };
        this.comments.push(comment);
        return send(201, answer(comment));
      }
      const found = one ? this.comments.find((c) => c.id === Number(one[1])) : undefined;
      if (found && req.method === 'PATCH') {
        found.body = text;
        return send(200, answer(found));
      }
      send(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    });
  }
}
