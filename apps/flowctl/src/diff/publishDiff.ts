import {
  diffFlows,
  emptyFlow,
  maskSecretPair,
  flowFunctions,
  type FlowDiff,
  type FlowDocument,
  type FlowNode,
  type Workflow,
} from '@flow/core';

/**
 * The fields the provider owns: it stamps `created_at`/`updated_at` on writes and fills an empty
 * `plan_id`, so none of them is a change a publish makes.
 */
function withoutProviderStamps(doc: FlowDocument): FlowDocument {
  const nodes = doc.nodes.map((node): FlowNode =>
    node.type === 'function' ? { ...node, data: { ...node.data, plan_id: '', created_at: '', updated_at: '' } } : node,
  );
  const workflows = doc.workflows?.map((workflow) => ({ ...workflow, plan_id: '', updated_at: '' }));
  return { ...doc, nodes, ...(workflows === undefined ? {} : { workflows }) };
}

/** What a provider without the document endpoint holds: functions, the three prompt parts and workflows. */
function callsView(doc: FlowDocument): FlowDocument {
  const nodes = flowFunctions(doc).map((data): FlowNode => ({
    id: data.uuid,
    type: 'function',
    chain: '1',
    position: { x: 0, y: 0 },
    data,
  }));
  return {
    ...emptyFlow(doc.planId, doc.versionName),
    agentContext: doc.agentContext,
    agentNotes: doc.agentNotes,
    systemPrompt: doc.systemPrompt,
    nodes,
    ...(doc.workflows === undefined ? {} : { workflows: doc.workflows }),
  };
}

/**
 * What publishing `next` would change on a provider that holds `current` (whose `workflows` are
 * the provider's copies of the ones `next` lists). With the whole document
 * every difference counts; through the spec's calls only functions and prompts are compared
 * (functions the file lacks stay on the provider, so they are listed as removed but kept). Secrets
 * are masked: the diff says a key changed, never what it is.
 */
export function publishDiff(current: FlowDocument, next: FlowDocument, wholeDocument: boolean): FlowDiff {
  if (wholeDocument) return diffFlows(...maskSecretPair(withoutProviderStamps(current), withoutProviderStamps(next)));
  const diff = diffFlows(...maskSecretPair(withoutProviderStamps(callsView(current)), withoutProviderStamps(callsView(next))));
  const counted = [diff.nodes, diff.workflows].every((part) => part.added.length + part.removed.length + part.changed.length === 0);
  const same = diff.metadata.length === 0 && diff.prompts.length === 0 && counted;
  return { ...diff, same, chains: [], edges: { added: [], removed: [], changed: [] } };
}

/** The workflows of `listed` that a publish with `diff` saves: the new and the changed ones. */
export function workflowsToSave(diff: FlowDiff, listed: readonly Workflow[]): Workflow[] {
  const ids = new Set([...diff.workflows.added, ...diff.workflows.changed].map((w) => w.id));
  return listed.filter((w) => ids.has(w.id));
}
