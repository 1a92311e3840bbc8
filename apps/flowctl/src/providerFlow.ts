import { buildFlowFromProvider, isApiError, nodeSchema, type FlowClient, type FlowDocument, type Workflow, type WorkflowStepInstruction } from '@flow/core';
import type { Context } from './context.js';

/** How the flow was read: the provider's whole document, or rebuilt from the spec's calls. */
export type FlowSource = 'document' | 'calls';

/** A flow read from a provider, with the version to send back as If-Match. */
export interface ProviderFlow {
  doc: FlowDocument;
  source: FlowSource;
  etag: string | null;
}

/** The whole document when the provider has the endpoint; null when it answers 404 or 405. */
async function wholeDocument(client: FlowClient, planId: string, versionName: string): Promise<ProviderFlow | null> {
  try {
    const loaded = await client.getFlow(planId, versionName);
    return loaded === null ? null : { doc: loaded.doc, source: 'document', etag: loaded.etag };
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && (error.status === 405 || error.status === 501)) return null;
    throw error;
  }
}

/**
 * Rebuilds the flow from the spec's calls as 'Fetching the flow' (spec section 4) does: workflows,
 * functions and system prompt, then the prompt deconstructed into steps and nodes rebuilt per step.
 * A failed workflow fetch or deconstruct is only a warning, as in the editor.
 */
async function fromCalls(client: FlowClient, planId: string, versionName: string, ctx: Context): Promise<ProviderFlow> {
  let workflows: Workflow[] = [];
  try {
    workflows = await client.getWorkflows(planId);
  } catch (error) {
    ctx.warn(error instanceof Error ? error.message : String(error));
  }
  const [functions, systemPrompt] = await Promise.all([client.getFunctions(planId, versionName), client.getSystemPrompt(planId, versionName)]);
  const parts = { planId, versionName, functions, systemPrompt, workflows };
  let steps: WorkflowStepInstruction[] = [];
  if (systemPrompt.system_message.trim() !== '') {
    try {
      const flowSchema = nodeSchema(buildFlowFromProvider({ ...parts, steps: [] }));
      steps = await client.deconstructFlow(planId, versionName, { flowSchema, systemPrompt: systemPrompt.system_message });
    } catch (error) {
      ctx.warn(`${error instanceof Error ? error.message : String(error)}: each chain stands alone`);
    }
  }
  return { doc: buildFlowFromProvider({ ...parts, steps }), source: 'calls', etag: null };
}

/** The flow of a plan version on the provider: the whole document when offered, else rebuilt. */
export async function readProviderFlow(client: FlowClient, planId: string, versionName: string, ctx: Context): Promise<ProviderFlow> {
  return (await wholeDocument(client, planId, versionName)) ?? fromCalls(client, planId, versionName, ctx);
}
