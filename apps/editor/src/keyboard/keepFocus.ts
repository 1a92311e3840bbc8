import type { FlowDocument, FlowNode } from '@flow/core';
import type { EditorStore } from '../store/createEditorStore';
import { CANVAS_SELECTOR } from './focusedTarget';
import { focusWhenShown, nodeElement } from './focusWhenShown';

/** Past this many nodes changed at the end of the list, ids are looked up in sets rather than by scanning. */
const SCAN_LIMIT = 8;

/** The ids of `nodes` a test of membership reads: scanned when asked little, else a set. */
function idTest(nodes: readonly FlowNode[], asked: number): (id: string) => boolean {
  if (asked <= SCAN_LIMIT) return (id) => nodes.some((n) => n.id === id);
  const ids = new Set(nodes.map((n) => n.id));
  return (id) => ids.has(id);
}

/** Where an edge leads from a node's end `from` (its last edge, as a map of them keeps); scanned for a short walk. */
function link(doc: FlowDocument, walk: number, from: 'source' | 'target', to: 'source' | 'target'): (id: string) => string | undefined {
  if (walk <= SCAN_LIMIT) return (id) => doc.edges.findLast((e) => e[from] === id)?.[to];
  const links = new Map(doc.edges.map((e) => [e[from], e[to]]));
  return (id) => links.get(id);
}

/**
 * Where work continues after an action changed the nodes: a node it brought back or added
 * (Undo of a delete, Redo of an add), else the node after (or before) one it removed. Nodes at
 * the same place in both lists are the same node (flows are never changed in place), so an add
 * or its undo on a large flow looks at the few nodes past them, not at every id.
 */
export function nodeToFocus(before: FlowDocument, after: FlowDocument): string | undefined {
  let same = 0;
  while (same < before.nodes.length && same < after.nodes.length && before.nodes[same] === after.nodes[same]) same++;
  const afterRest = after.nodes.slice(same);
  const beforeRest = before.nodes.slice(same);
  const was = idTest(before.nodes, afterRest.length);
  const added = afterRest.find((n) => !was(n.id));
  if (added) return added.id;
  const now = idTest(after.nodes, beforeRest.length);
  const removed = beforeRest.filter((n) => !now(n.id)).map((n) => n.id);
  if (removed.length === 0) return undefined;
  const gone = new Set(removed);
  // Walk on from a removed node along the old links until a node that is still there.
  for (const step of [link(before, removed.length, 'source', 'target'), link(before, removed.length, 'target', 'source')]) {
    const seen = new Set<string>();
    for (let id = step(removed[0] ?? ''); id !== undefined && !seen.has(id); id = step(id)) {
      if (!gone.has(id)) return id;
      seen.add(id);
    }
  }
  return after.nodes[0]?.id;
}

const lost = () => document.activeElement === null || document.activeElement === document.body || !document.activeElement.isConnected;

/**
 * After an action run by key or menu, the focus goes where work continues, never to the page
 * body: the node the action brought back, added or left next to one it removed; else, when the
 * focus was lost (a closed dialog, a removed element), the selected node or the canvas.
 */
export function keepFocus(store: EditorStore, before: FlowDocument): void {
  const state = store.getState();
  const target = nodeToFocus(before, state.doc);
  if (target !== undefined) {
    // Delete leaves nothing selected: the next node is selected too, so Delete again goes on.
    // A node brought back (Undo, Redo) only gets the focus: the side panel stays where it was.
    const broughtBack = !before.nodes.some((n) => n.id === target);
    if (!broughtBack && state.selectedNodeIds.length === 0) state.selectNode(target);
    focusWhenShown(() => nodeElement(target));
    return;
  }
  refocusIfLost(store);
}

/** When the focus has fallen to the page body, it goes to the selected node, else the canvas. */
export function refocusIfLost(store: EditorStore): void {
  // Two frames: a closing dialog gives the focus back (to the body, when nothing had it) first.
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (!lost()) return;
      const selected = store.getState().selectedNodeIds.at(-1);
      const el = (selected === undefined ? null : nodeElement(selected)) ?? document.querySelector<HTMLElement>(CANVAS_SELECTOR);
      el?.focus({ preventScroll: true });
    }),
  );
}
