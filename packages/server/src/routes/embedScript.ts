import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { notFound } from '../http/HttpError.js';
import { etagOf, matchesNoneMatch, sendBody } from '../http/respond.js';
import type { Route } from '../http/router.js';

/** The path of the chat script a web page includes. */
export const EMBED_SCRIPT_PATH = '/embed.js';

/** The folder of this package (the same from src/ and from a bundle in dist/): the nearest with a package.json. */
function packageFolder(from: string): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) || dirname(dir) === dir) return dir;
  }
}

/** Where the bundle is built (and where flowctl's tarball carries it: `dist/browser/embed.js`). */
export const EMBED_BUNDLE_PATH = ['dist', 'browser', 'embed.js'] as const;

/** The built <flow-chat> bundle of this package (`pnpm --filter @flow/server build:embed`, part of its build). */
export const EMBED_BUNDLE = join(packageFolder(fileURLToPath(import.meta.url)), ...EMBED_BUNDLE_PATH);

/**
 * GET (and HEAD) /embed.js: the <flow-chat> element, public (pages of any origin load it, so CORS
 * `*`; it holds no secret), with an ETag and a short cache so a rebuilt bundle reaches pages soon.
 * Read again when the file changes.
 */
export function embedScriptRoutes(bundle: string = EMBED_BUNDLE): Route[] {
  let cached: { mtimeMs: number; bytes: Buffer; etag: string } | null = null;
  async function load(): Promise<{ bytes: Buffer; etag: string }> {
    const info = await stat(bundle).catch(() => null);
    if (info === null) throw notFound('The chat script is not built: run pnpm --filter @flow/server build');
    if (cached?.mtimeMs !== info.mtimeMs) {
      const bytes = await readFile(bundle);
      cached = { mtimeMs: info.mtimeMs, bytes, etag: etagOf(bytes) };
    }
    return cached;
  }
  return [
    {
      method: 'GET',
      pattern: EMBED_SCRIPT_PATH,
      async handler({ req, res }) {
        const { bytes, etag } = await load();
        const headers = {
          ETag: etag,
          'Cache-Control': 'public, max-age=300',
          'Access-Control-Allow-Origin': '*',
          'Cross-Origin-Resource-Policy': 'cross-origin',
        };
        if (matchesNoneMatch(req.headers['if-none-match'], etag)) {
          res.writeHead(304, headers);
          res.end();
          return;
        }
        sendBody(res, 200, 'text/javascript; charset=utf-8', bytes, headers);
      },
    },
  ];
}
