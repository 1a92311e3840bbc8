import { errorMessage, secretMessages } from '@flow/core';
import type { ServerResponse } from 'node:http';
import { readText } from '../http/body.js';
import { HttpError } from '../http/HttpError.js';
import { param, type Route } from '../http/router.js';
import type { SecretVault } from '../secrets/secretVault.js';
import type { DashboardFrameOf } from './dashboardLayout.js';
import { sendPage } from './html.js';
import { SECRETS_PAGE_PATH, secretsPage } from './secretsPage.js';

const FORM_LIMIT = 64 * 1024;

function backToPage(res: ServerResponse, query: string): void {
  res.writeHead(303, { Location: `${SECRETS_PAGE_PATH}?${query}`, 'Cache-Control': 'no-store', 'Content-Length': 0 });
  res.end();
}

/**
 * The dashboard's Secrets page (GET /dashboard/secrets) and its forms: set one (POST, then back
 * to the page, which says what was set) and delete one. Forms without script, as sign-in.
 */
export function secretsPageRoutes(vault: SecretVault, frameOf: DashboardFrameOf): Route[] {
  const frame = () => frameOf(null);
  return [
    {
      method: 'GET',
      pattern: SECRETS_PAGE_PATH,
      async handler({ res, query }) {
        const secrets = await vault.list();
        // The notice of the form just sent, said only when it is true of the store.
        const has = (name: string | null): boolean => secrets.some((secret) => secret.name === name);
        const set = query.get('set');
        const deleted = query.get('deleted');
        const notice =
          set !== null && has(set)
            ? { ok: true, text: secretMessages.secretSet(set) }
            : deleted !== null && !has(deleted) && deleted !== ''
              ? { ok: true, text: secretMessages.secretDeleted(deleted) }
              : undefined;
        sendPage(res, secretsPage(await frame(), secrets, notice));
      },
    },
    {
      method: 'POST',
      pattern: SECRETS_PAGE_PATH,
      async handler({ req, res }) {
        const form = new URLSearchParams(await readText(req, FORM_LIMIT));
        const name = (form.get('name') ?? '').trim();
        try {
          await vault.set(name, form.get('value') ?? '');
        } catch (error) {
          if (!(error instanceof HttpError) || error.status !== 400) throw error;
          sendPage(res, secretsPage(await frame(), await vault.list(), { ok: false, text: errorMessage(error) }), 400);
          return;
        }
        backToPage(res, new URLSearchParams({ set: name }).toString());
      },
    },
    {
      method: 'POST',
      pattern: `${SECRETS_PAGE_PATH}/delete/:name`,
      async handler({ res, params }) {
        const name = param(params, 'name');
        if (!(await vault.delete(name))) {
          sendPage(res, secretsPage(await frame(), await vault.list(), { ok: false, text: secretMessages.secretNotFound(name) }), 404);
          return;
        }
        backToPage(res, new URLSearchParams({ deleted: name }).toString());
      },
    },
  ];
}
