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
    if (state.doc === previous.doc || (state.saveState !== 'unsaved' && state.saveState !== 'conflict')) return;
    clearTimeout(timer);
    timer = setTimeout(() => void store.getState().saveNow(), AUTOSAVE_DELAY_MS);
  });
  const flush = () => {
    clearTimeout(timer);
    const { saveState } = store.getState();
    if (saveState === 'unsaved' || saveState === 'conflict') void store.getState().saveNow();
  };
  const destroy = () => {
    clearTimeout(timer);
    unsubscribe();
  };
  return Object.assign(store, { flush, destroy });
}
