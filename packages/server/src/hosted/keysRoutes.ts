import { errorMessage, keyMessages } from '@flow/core';
import type { ServerResponse } from 'node:http';
import { readForm } from '../http/body.js';
import { HttpError } from '../http/HttpError.js';
import { param, type Route } from '../http/router.js';
import type { AgentKeys } from '../keys/agentKeys.js';
import type { DashboardFrameOf } from './dashboardLayout.js';
import { sendPage } from './html.js';
import { KEYS_PAGE_PATH, createdKeyPage, keysPage, revokeKeyPage } from './keysPage.js';

/** Words of a form field: agents and origins separated by spaces, commas or lines. */
const words = (text: string): string[] => text.split(/[\s,]+/).filter((word) => word !== '');

function backToPage(res: ServerResponse, query: string): void {
  res.writeHead(303, { Location: `${KEYS_PAGE_PATH}?${query}`, 'Cache-Control': 'no-store', 'Content-Length': 0 });
  res.end();
}

/**
 * The dashboard's Keys page (GET /dashboard/keys) and its forms, without script as the Secrets
 * page: create one (answered with a page that shows the key once; no redirect, so the key is in no
 * address or history), and revoke one after a page that asks first.
 */
export function keysPageRoutes(keys: AgentKeys, frameOf: DashboardFrameOf): Route[] {
  const frame = () => frameOf(null);
  return [
    {
      method: 'GET',
      pattern: KEYS_PAGE_PATH,
      async handler({ res, query }) {
        const listed = await keys.list();
        const revoked = query.get('revoked');
        // Said only when it is true of the store.
        const notice =
          revoked !== null && revoked !== '' && !listed.some((key) => key.name === revoked)
            ? { ok: true, text: keyMessages.keyRevoked(revoked) }
            : undefined;
        sendPage(res, keysPage(await frame(), listed, notice));
      },
    },
    {
      method: 'POST',
      pattern: KEYS_PAGE_PATH,
      async handler({ req, res }) {
        const form = await readForm(req);
        const fields = {
          name: (form.get('name') ?? '').trim(),
          agents: form.get('agents') ?? '',
          origins: form.get('origins') ?? '',
          rate: (form.get('rate') ?? '').trim(),
        };
        const rate = fields.rate === '' ? undefined : Number(fields.rate);
        try {
          const created = await keys.create({
            name: fields.name,
            agents: words(fields.agents),
            origins: words(fields.origins),
            ...(rate === undefined ? {} : { rate }),
          });
          sendPage(res, createdKeyPage(await frame(), created), 201);
        } catch (error) {
          if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 409)) throw error;
          sendPage(res, keysPage(await frame(), await keys.list(), { ok: false, text: errorMessage(error) }, fields), error.status);
        }
      },
    },
    {
      method: 'GET',
      pattern: `${KEYS_PAGE_PATH}/revoke/:name`,
      async handler({ res, params }) {
        const name = param(params, 'name');
        const listed = await keys.list();
        const key = listed.find((k) => k.name === name);
        if (key === undefined) sendPage(res, keysPage(await frame(), listed, { ok: false, text: keyMessages.keyNotFound(name) }), 404);
        else sendPage(res, revokeKeyPage(await frame(), key));
      },
    },
    {
      method: 'POST',
      pattern: `${KEYS_PAGE_PATH}/revoke/:name`,
      async handler({ res, params }) {
        const name = param(params, 'name');
        if (!(await keys.revoke(name))) {
          sendPage(res, keysPage(await frame(), await keys.list(), { ok: false, text: keyMessages.keyNotFound(name) }), 404);
          return;
        }
        backToPage(res, new URLSearchParams({ revoked: name }).toString());
      },
    },
  ];
}
