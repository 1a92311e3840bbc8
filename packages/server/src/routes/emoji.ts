import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { badRequest, notFound } from '../http/HttpError.js';
import { etagOf, matchesNoneMatch, sendBody } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import { isMissing } from '../store/listing.js';

const LOCALE = /^[a-z]{2,3}(-[a-z]{2,4})?$/;
const SOURCE = /^[a-z][a-z-]{0,31}$/;

/** The folder of the emoji-picker-element-data package; null when it is not installed. */
export function emojiDataFolder(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('emoji-picker-element-data/package.json'));
  } catch {
    return null;
  }
}

/** GET (and HEAD) /api/emoji/{locale}/{source}/data.json: the picker's data, with an ETag. */
export function emojiRoutes(folder: string | null = emojiDataFolder()): Route[] {
  const cache = new Map<string, { bytes: Buffer; etag: string }>();
  async function load(locale: string, source: string): Promise<{ bytes: Buffer; etag: string }> {
    const key = `${locale}/${source}`;
    const hit = cache.get(key);
    if (hit) return hit;
    if (folder === null) throw notFound('Emoji data is not installed (emoji-picker-element-data)');
    let bytes: Buffer;
    try {
      bytes = await readFile(join(folder, locale, source, 'data.json'));
    } catch (error) {
      if (isMissing(error)) throw notFound(`No emoji data for ${locale}/${source}`);
      throw error;
    }
    const entry = { bytes, etag: etagOf(bytes) };
    cache.set(key, entry);
    return entry;
  }
  return [
    {
      method: 'GET',
      pattern: '/api/emoji/:locale/:source/data.json',
      async handler({ req, res, params }) {
        const locale = param(params, 'locale');
        const source = param(params, 'source');
        if (!LOCALE.test(locale) || !SOURCE.test(source)) throw badRequest('Unknown emoji locale or source');
        const { bytes, etag } = await load(locale, source);
        const headers = { ETag: etag, 'Cache-Control': 'public, max-age=86400' };
        if (matchesNoneMatch(req.headers['if-none-match'], etag)) {
          res.writeHead(304, headers);
          res.end();
          return;
        }
        sendBody(res, 200, 'application/json; charset=utf-8', bytes, headers);
      },
    },
  ];
}
