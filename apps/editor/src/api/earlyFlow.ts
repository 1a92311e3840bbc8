import { joinUrl, planPath, type FetchLike, type FetchResponse } from '@flow/core';
import { parseRoute } from '../route';
import { openDraftDatabase } from '../sync/draftDatabase';
import { providerUrl } from './providerUrl';

/** The one GET started before the editor's code evaluates, waiting for the client that asks for it. */
let early: { url: string; response: Promise<FetchResponse> } | null = null;

/**
 * Asks the provider for the flow the address names at once, while the rest of the editor's code
 * still evaluates and the page first renders; the store's load then takes this answer (the
 * first-imported module of main.tsx calls it); the drafts database, which the load reads too, is
 * opened meanwhile. Nothing is asked for on other pages.
 */
export function startEarlyFlow(pathname: string): void {
  const { planId, versionName } = parseRoute(pathname);
  if (!planId) return;
  openDraftDatabase();
  const url = joinUrl(providerUrl(), planPath('flows', planId, versionName));
  // The same request the client makes for a flow (transport.ts): a GET asking for JSON.
  const response = fetch(url, { method: 'GET', headers: { Accept: 'application/json' } });
  response.catch(() => undefined); // a failure is the client's to report, when it takes it
  early = { url, response };
}

/**
 * A fetch that answers the first GET of the early flow's address with the early answer, and
 * every other request (a retry of it included) with a request of its own.
 */
export const fetchWithEarlyFlow: FetchLike = (url, init) => {
  const taken = early;
  if (taken !== null && taken.url === url && (init.method ?? 'GET') === 'GET') {
    early = null;
    return taken.response;
  }
  return globalThis.fetch(url, init);
};
