import { useCallback } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';

/** A menu action: gets the store's state at click time and a getter for the state after each step. */
export type MenuAction = (state: EditorState, get: () => EditorState) => void;

/** Wraps a store action as a menu item handler that runs it and then closes the context menu. */
export function useMenuAction(): (action: MenuAction) => () => void {
  const store = useEditorStoreApi();
  return useCallback(
    (action: MenuAction) => () => {
      action(store.getState(), store.getState);
      store.getState().closeContextMenu();
    },
    [store],
  );
}
