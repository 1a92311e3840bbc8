import { emptyFlow } from '@flow/core';
import { createStore } from 'zustand/vanilla';
import { createFlowSlice } from './flowSlice';
import { createSessionSlice } from './sessionSlice';
import type { EditorState, EditorStoreProps } from './types';
import { createUiSlice } from './uiSlice';

/** Autosave waits this long after the last change before writing to the provider. */
export const AUTOSAVE_DELAY_MS = 800;

export type EditorStore = ReturnType<typeof createEditorStore>;

/** One store per editor: flow, prompts and history, UI, and session slices (ARCHITECTURE section 5). */
export function createEditorStore(props: EditorStoreProps) {
  const store = createStore<EditorState>()((...a) => ({
    ...createFlowSlice(emptyFlow(props.planId, props.versionName))(...a),
    ...createUiSlice(...a),
    ...createSessionSlice(props)(...a),
  }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = store.subscribe((state, previous) => {
    // In a conflict the edits still go to this browser's storage (saveNow keeps them there).
    const edited = state.doc !== previous.doc && (state.saveState === 'unsaved' || state.saveState === 'conflict');
    // A write came back with the flow changed since it was sent, by something other than an edit
    // (a function's Save took the provider's record meanwhile): that change is saved next too.
    const leftBehind = state.saveState === 'unsaved' && previous.saveState !== 'unsaved';
    if (!edited && !leftBehind) return;
    clearTimeout(timer);
    timer = setTimeout(() => void store.getState().saveNow(), AUTOSAVE_DELAY_MS);
  });
  /** Saves now what waits for the autosave; resolves when that write has come back. */
  const flush = (): Promise<void> => {
    clearTimeout(timer);
    const { saveState } = store.getState();
    return saveState === 'unsaved' || saveState === 'conflict' ? store.getState().saveNow() : Promise.resolve();
  };
  const destroy = () => {
    clearTimeout(timer);
    unsubscribe();
  };
  return Object.assign(store, { flush, destroy });
}
