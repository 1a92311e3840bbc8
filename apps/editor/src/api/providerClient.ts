import { createClient, type FlowClient } from '@flow/core';
import { providerUrl } from './providerUrl';

/**
 * The client of the provider this editor talks to. Workflow and session calls send cookies only to
 * the editor's own origin ('same-origin'): the local provider's sign-in cookie, never another
 * provider's (the spec: no cookies).
 */
export function providerClient(): FlowClient {
  return createClient({ baseUrl: providerUrl(), hostedCredentials: 'same-origin' });
}
