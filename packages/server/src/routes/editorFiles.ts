import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
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

const UNSAFE_SEGMENT = /[\\\0]/;

/** The built editor's page for '/': the plan list (apps/editor/home.html). */
const HOME_PAGE = 'home.html';

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
  return async (req, res, segments) => {
    if (segments.some((s) => s === '..' || s === '.' || UNSAFE_SEGMENT.test(s))) throw badRequest('Invalid path');
    const atRoot = segments.every((s) => s === '');
    const wanted = segments.length === 0 || segments[segments.length - 1] === '' ? [...segments.slice(0, -1), 'index.html'] : segments;
    // '/' is the plan list's own page when the build has one: it loads none of the editor's code.
    let file = atRoot ? await fileInside(root, [HOME_PAGE]) : null;
    file ??= await fileInside(root, wanted);
    if (file === null && extname(wanted[wanted.length - 1] ?? '') === '') file = await fileInside(root, ['index.html']);
    if (file === null) throw notFound('No such file');
    const info = await stat(file);
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const immutable = segments[0] === 'assets';
    const headers = { ETag: etag, 'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' };
    if (matchesNoneMatch(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    sendBody(res, 200, type, await readFile(file), type.startsWith('text/html') ? { ...headers, ...pageHeaders() } : headers);
  };
}
