import { flowFileDiff, type FlowDiff, type FlowDocument } from '@flow/core';

/** The flow on screen against the last published one, as the top bar, the dialog and the markers show it. */
export interface FlowChanges {
  diff: FlowDiff;
  /** Nodes added, removed and changed, and prompt texts (system prompt, context, notes) changed. */
  count: number;
  /** The nodes on screen that were added or changed since the publish (the canvas marks them). */
  changedIds: ReadonlySet<string>;
}

let last: { published: FlowDocument; doc: FlowDocument; changes: FlowChanges | null } | null = null;

/**
 * The changes of `doc` since `published`; null when it was never published or nothing changed
 * semantically. Found once per pair of documents (the bar, the canvas and the dialog share it).
 */
export function flowChanges(published: FlowDocument | null, doc: FlowDocument): FlowChanges | null {
  if (published === null) return null;
  if (last?.published === published && last.doc === doc) return last.changes;
  const diff = flowFileDiff({ file: '', before: published, after: doc });
  const { added, removed, changed } = diff.nodes;
  const count = added.length + removed.length + changed.length + diff.prompts.length;
  const changes = count === 0 ? null : { diff, count, changedIds: new Set([...added, ...changed].map((node) => node.id)) };
  last = { published, doc, changes };
  return changes;
}
