import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { isId, planPageGets } from '@flow/core';
import { badRequest, notFound } from '../http/HttpError.js';
import { matchesNoneMatch, pageHeaders, sendBody } from '../http/respond.js';
import { isMissing } from '../store/listing.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Types sent gzipped to a browser that accepts it (images and fonts are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;

const gzipBytes = promisify(gzip);

/** Whether an Accept-Encoding header takes gzip (named, or '*', with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

const UNSAFE_SEGMENT = /[\\\0]/;

/** The built editor's page for '/': the plan list (apps/editor/home.html). */
const HOME_PAGE = 'home.html';

/** The editor's page (every app route's fallback). */
const EDITOR_PAGE = 'index.html';

/**
 * The editor's page for the plan route `segments` ('/{planId}/{versionName}', both ids), with its
 * first GETs named as preloads, so that the browser asks for them while the editor's code loads
 * (the page's own fetch of each then takes that answer); null for any other path. Only ids, which
 * hold no character HTML or a URL would read, go into the page.
 */
export function withPlanPreloads(html: string, segments: readonly string[]): string | null {
  const [planId, versionName, ...rest] = segments;
  if (rest.length > 0 || !isId(planId) || !isId(versionName)) return null;
  const links = planPageGets(planId, versionName).map((path) => `<link rel="preload" as="fetch" crossorigin href="${path}">`);
  const head = html.indexOf('<head>');
  if (head < 0) return null;
  const at = head + '<head>'.length;
  return `${html.slice(0, at)}${links.join('')}${html.slice(at)}`;
}

/** The real path of a file inside `root`, or null when it is missing or resolves outside. */
async function fileInside(root: string, segments: readonly string[]): Promise<string | null> {
  try {
    const real = await realpath(join(root, ...segments));
    if (real !== root && !real.startsWith(root + sep)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Serves the built editor from `editorDir`: its files, home.html (else index.html) for '/', and
 * index.html for app routes such as /{planId}/{version} (paths whose last segment has no
 * extension). Nothing outside the folder.
 */
export async function editorFiles(
  editorDir: string,
): Promise<(req: IncomingMessage, res: ServerResponse, segments: readonly string[]) => Promise<void>> {
  const root = await realpath(editorDir);
  // Each file's gzipped bytes, made once per version of it (its ETag): the editor's code is ~3.5x smaller so.
  const gzipCache = new Map<string, { etag: string; bytes: Promise<Buffer> }>();
  const gzippedOf = (file: string, etag: string): Promise<Buffer> => {
    const kept = gzipCache.get(file);
    if (kept?.etag === etag) return kept.bytes;
    const bytes = readFile(file).then((raw) => gzipBytes(raw, { level: 9 }));
    const entry = { etag, bytes };
    gzipCache.set(file, entry);
    // A failed read is tried again next time.
    bytes.catch(() => gzipCache.get(file) === entry && gzipCache.delete(file));
    return bytes;
  };
  return async (req, res, segments) => {
    if (segments.some((s) => s === '..' || s === '.' || UNSAFE_SEGMENT.test(s))) throw badRequest('Invalid path');
    const atRoot = segments.every((s) => s === '');
    const wanted = segments.length === 0 || segments[segments.length - 1] === '' ? [...segments.slice(0, -1), 'index.html'] : segments;
    // '/' is the plan list's own page when the build has one: it loads none of the editor's code.
    let file = atRoot ? await fileInside(root, [HOME_PAGE]) : null;
    file ??= await fileInside(root, wanted);
    if (file === null && extname(wanted[wanted.length - 1] ?? '') === '') file = await fileInside(root, [EDITOR_PAGE]);
    if (file === null) throw notFound('No such file');
    const info = await stat(file);
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const immutable = segments[0] === 'assets';
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const compressible = COMPRESSIBLE.test(type);
    const headers: Record<string, string> = {
      ETag: etag,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
    };
    if (matchesNoneMatch(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    // A plan's page names its first GETs (made per address); it is sent as it is: at 2 KB, gzip saves
    // a kilobyte and costs the page more (a few ms per request) than it saves.
    const page = file === join(root, EDITOR_PAGE) ? withPlanPreloads(await readFile(file, 'utf8'), segments) : null;
    const compressed = page === null && compressible && acceptsGzip(req.headers['accept-encoding']);
    let body: Buffer;
    if (page !== null) body = Buffer.from(page);
    else body = compressed ? await gzippedOf(file, etag) : await readFile(file);
    const sent = compressed ? { ...headers, 'Content-Encoding': 'gzip' } : headers;
    sendBody(res, 200, type, body, type.startsWith('text/html') ? { ...sent, ...pageHeaders() } : sent);
  };
}
