import { diffFlows, emptyFlow, maskSecretPair, flowFunctions, type FlowDiff, type FlowDocument, type FlowNode } from '@flow/core';

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

/** What a provider without the document endpoint holds: functions and the three prompt parts. */
function callsView(doc: FlowDocument): FlowDocument {
  const nodes = flowFunctions(doc).map((data): FlowNode => ({ id: data.uuid, type: 'function', chain: '1', position: { x: 0, y: 0 }, data }));
  return {
    ...emptyFlow(doc.planId, doc.versionName),
    agentContext: doc.agentContext,
    agentNotes: doc.agentNotes,
    systemPrompt: doc.systemPrompt,
    nodes,
  };
}

/**
 * What publishing `next` would change on a provider that holds `current`. With the whole document
 * every difference counts; through the spec's calls only functions and prompts are compared
 * (functions the file lacks stay on the provider, so they are listed as removed but kept). Secrets
 * are masked: the diff says a key changed, never what it is.
 */
export function publishDiff(current: FlowDocument, next: FlowDocument, wholeDocument: boolean): FlowDiff {
  if (wholeDocument) return diffFlows(...maskSecretPair(withoutProviderStamps(current), withoutProviderStamps(next)));
  const diff = diffFlows(...maskSecretPair(withoutProviderStamps(callsView(current)), withoutProviderStamps(callsView(next))));
  const same = diff.metadata.length === 0 && diff.prompts.length === 0 && diff.nodes.added.length + diff.nodes.removed.length + diff.nodes.changed.length === 0;
  return { ...diff, same, chains: [], edges: { added: [], removed: [], changed: [] } };
}
