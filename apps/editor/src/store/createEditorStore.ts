import { createPlanSession, emptyFlow, messages, errorMessage } from '@flow/core';
import { createStore } from 'zustand/vanilla';
import { createDocumentSync } from '../sync/documentSync';
import { localDraftStorage } from '../sync/localDraft';
import { createFlowSlice } from './flowSlice';
import { createSessionSlice, saveFailure } from './sessionSlice';
import type { EditorState, EditorStoreProps } from './types';
import { createUiSlice } from './uiSlice';

/** Autosave waits this long after the last change before writing to the provider. */
export const AUTOSAVE_DELAY_MS = 800;

export type EditorStore = ReturnType<typeof createEditorStore>;

/**
 * One store per editor: flow, prompts and history, UI, and session slices (ARCHITECTURE section 5).
 * The save loop is the document sync's: the store tells it of every change of the flow and mirrors
 * what it says in `sync`.
 */
export function createEditorStore(props: EditorStoreProps) {
  const { planId, versionName, client, notify } = props;
  const plan = client && planId ? createPlanSession(client, planId, versionName, { warn: console.error }) : null;
  const sync = createDocumentSync({
    plan: { planId, versionName },
    transport: plan,
    storage: props.storage ?? localDraftStorage(planId, versionName),
    channel: props.channel,
    delayMs: AUTOSAVE_DELAY_MS,
    onState: (state) => store.setState({ sync: state }),
    onDocument: (doc, reason) => {
      if (reason === 'reload') store.getState().loadDoc(doc);
      else store.setState({ doc });
    },
    onError: (error, during) => {
      if (during === 'reload') notify.error(messages.failedToFetchPlanData(errorMessage(error)));
      else notify.error(saveFailure(error));
    },
  });
  const store = createStore<EditorState>()((...a) => ({
    ...createFlowSlice(emptyFlow(planId, versionName))(...a),
    ...createUiSlice(...a),
    ...createSessionSlice(props, plan, sync)(...a),
  }));
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.doc !== previous.doc) sync.update(state.doc);
  });
  const destroy = () => {
    unsubscribe();
    sync.destroy();
  };
  /** Saves now what waits for the autosave; resolves when the writes under way have come back. */
  return Object.assign(store, { flush: () => sync.flush(), destroy });
}
