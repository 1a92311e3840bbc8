import { createClient, type FlowClient } from '@flow/core';
import { localSaveKey } from '../sync/draftMarks';
import { fetchWithEarlyFlow } from './earlyFlow';
import { withWorkerWrites } from '../sync/saveWorkerPort';
import { providerClientOptions } from './providerUrl';

/** The client of the provider this editor talks to. A flow's write is made by the save worker, off the main thread. */
export function providerClient(): FlowClient {
  const options = providerClientOptions();
  // The flow's first GET takes the answer asked for before the editor's code ran (earlyFlow.ts).
  return withWorkerWrites(createClient({ ...options, fetch: fetchWithEarlyFlow }), options, localSaveKey);
}
