import { joinUrl, planPageGets, type FetchLike, type FetchResponse } from '@flow/core';
import { parseRoute } from '../route';
import { openDraftDatabase } from '../sync/draftDatabase';
import { localSaveKey, mayHaveDraft } from '../sync/draftMarks';
import { providerUrl } from './providerUrl';

/** The GETs started before the editor's code evaluates, each waiting for the client that asks for it. */
const early = new Map<string, Promise<FetchResponse>>();

/**
 * Asks the provider for the flow and the workflows the address names at once (planPageGets), while
 * the rest of the editor's code still evaluates and the page first renders; the store's load then
 * takes these answers (the first-imported module of main.tsx calls it); the drafts database, when
 * the load is to read it too, is opened meanwhile. Nothing is asked for on other pages.
 */
export function startEarlyFlow(pathname: string): void {
  const { planId, versionName } = parseRoute(pathname);
  if (!planId) return;
  if (mayHaveDraft(localSaveKey(planId, versionName))) openDraftDatabase();
  for (const path of planPageGets(planId, versionName)) {
    const url = joinUrl(providerUrl(), path);
    // No headers of its own: so it is the same request as the page's preload of it (the provider's
    // <link rel="preload" as="fetch" crossorigin>), whose answer the browser then hands over.
    const response = fetch(url, { method: 'GET' });
    response.catch(() => undefined); // a failure is the client's to report, when it takes it
    early.set(url, response);
  }
}

/**
 * A fetch that answers the first GET of an early address with the early answer, and every other
 * request (a retry of it included) with a request of its own.
 */
export const fetchWithEarlyFlow: FetchLike = (url, init) => {
  const taken = early.get(url);
  if (taken !== undefined && (init.method ?? 'GET') === 'GET') {
    early.delete(url);
    return taken;
  }
  return globalThis.fetch(url, init);
};
