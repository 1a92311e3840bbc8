import { checkGeneratedFlow, isRecord, type GeneratedFlow } from '@flow/core';
import { providerUrl } from './providerUrl';

/** The provider's words for a failed call: its error message, else the HTTP status. */
export async function failure(response: Response): Promise<Error> {
  const body: unknown = await response.json().catch(() => null);
  if (isRecord(body) && isRecord(body.error) && typeof body.error.message === 'string') {
    const detail = typeof body.error.detail === 'string' && body.error.detail !== '' ? `: ${body.error.detail}` : '';
    return new Error(`${body.error.message}${detail}`);
  }
  return new Error(`HTTP ${response.status}`);
}

/**
 * Asks the provider's model (its settings, never the browser's) for a flow for the described
 * agent; resolves to the proposed nodes, rejects with the provider's message ('Invalid JSON schema
 * returned', 'Failed to generate workflow: …', or what to set when no model is configured).
 */
export async function requestGeneratedFlow(description: string, model?: string, signal?: AbortSignal): Promise<GeneratedFlow> {
  const response = await fetch(`${providerUrl()}/api/runtime/generate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ description, ...(model ? { model } : {}) }),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await failure(response);
  const checked = checkGeneratedFlow(await response.json());
  if (!checked.ok) throw new Error(`The provider's answer is not a generated flow: ${checked.reason}`);
  return checked.flow;
}
