import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { EditorStore } from './createEditorStore';
import type { EditorState } from './types';

export const EditorStoreContext = createContext<EditorStore | null>(null);

/** The editor's store, given by the nearest provider. */
export function useEditorStoreApi(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('useEditorStore must be used inside an EditorStoreContext provider');
  return store;
}

/** Selects from the editor's store; pass module-level selectors, and useShallow for objects. */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorStoreApi(), selector);
}
