import { createClient, type FlowClient } from '@flow/core';
import { localSaveKey } from '../sync/localDraft';
import { fetchWithEarlyFlow } from './earlyFlow';
import { withWorkerWrites } from '../sync/saveWorkerPort';
import { providerUrl } from './providerUrl';

/**
 * The client of the provider this editor talks to. Workflow and session calls send cookies only to
 * the editor's own origin ('same-origin'): the local provider's sign-in cookie, never another
 * provider's (the spec: no cookies). A flow's write is made by the save worker, off the main thread.
 */
export function providerClient(): FlowClient {
  const options = { baseUrl: providerUrl(), hostedCredentials: 'same-origin' } as const;
  // The flow's first GET takes the answer asked for before the editor's code ran (earlyFlow.ts).
  return withWorkerWrites(createClient({ ...options, fetch: fetchWithEarlyFlow }), options, localSaveKey);
}
