import { createPromptData, messages } from '@flow/core';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';

const barSelector = (s: EditorState) => ({
  loading: s.loading,
  hasSelection: s.selectedNodeIds.length > 0,
  canUndo: s.history.past.length > 1,
  canRedo: s.history.future.length > 0,
});

/** The floating bottom bar: Add (Space), Erase Selected, New Chain, Undo, Redo, Play, Report a Bug. */
export function BottomBar() {
  const store = useEditorStoreApi();
  const { loading, hasSelection, canUndo, canRedo } = useEditor(useShallow(barSelector));

  const erase = useCallback(() => {
    if (store.getState().selectedNodeIds.length === 0) {
      toast(messages.selectSomethingToErase);
      return;
    }
    store.getState().setDialog('confirmEraseOpen', true);
  }, [store]);

  const newChain = useCallback(() => {
    store.getState().addNode({ type: 'prompt', data: createPromptData() }, { newChain: true });
    toast.success(messages.newChainCreated);
  }, [store]);

  return (
    <div className="bottom-bar" role="toolbar" aria-label="Flow actions">
      <button type="button" className="btn" onClick={() => store.getState().openPalette('functions')} title="Add (Space)">
        + Add (Space)
      </button>
      <button
        type="button"
        className="btn"
        onClick={erase}
        aria-disabled={!hasSelection}
        title="Erase Selected"
      >
        🗑 Erase Selected
      </button>
      <button type="button" className="btn" onClick={newChain} title="New Chain">
        ⛓ New Chain
      </button>
      <button type="button" className="btn" onClick={() => store.getState().undo()} disabled={!canUndo} title="Undo (Ctrl+Z)">
        ↶ Undo
      </button>
      <button type="button" className="btn" onClick={() => store.getState().redo()} disabled={!canRedo} title="Redo (Ctrl+Y)">
        ↷ Redo
      </button>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void store.getState().compileAndPublish()}
        disabled={loading}
        title="Play"
      >
        ▶ Play
      </button>
      <button type="button" className="btn" onClick={() => store.getState().setDialog('reportBugOpen', true)} title="Report a Bug">
        🐞 Report a Bug
      </button>
    </div>
  );
}
