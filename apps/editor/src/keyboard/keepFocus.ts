import type { FlowDocument } from '@flow/core';
import type { EditorStore } from '../store/createEditorStore';
import { CANVAS_SELECTOR } from './focusedTarget';
import { focusWhenShown, nodeElement } from './focusWhenShown';

/**
 * Where work continues after an action changed the nodes: a node it brought back or added
 * (Undo of a delete, Redo of an add), else the node after (or before) one it removed.
 */
export function nodeToFocus(before: FlowDocument, after: FlowDocument): string | undefined {
  const now = new Set(after.nodes.map((n) => n.id));
  const was = new Set(before.nodes.map((n) => n.id));
  const added = after.nodes.find((n) => !was.has(n.id));
  if (added) return added.id;
  const removed = before.nodes.filter((n) => !now.has(n.id)).map((n) => n.id);
  if (removed.length === 0) return undefined;
  const gone = new Set(removed);
  // Walk on from a removed node along the old links until a node that is still there.
  const next = new Map(before.edges.map((e) => [e.source, e.target]));
  const prev = new Map(before.edges.map((e) => [e.target, e.source]));
  for (const step of [next, prev]) {
    const seen = new Set<string>();
    for (let id = step.get(removed[0] ?? ''); id !== undefined && !seen.has(id); id = step.get(id)) {
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
