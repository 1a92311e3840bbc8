import { useEffect } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { refocusIfLost } from './keepFocus';

/** Parts whose closing takes the focused element away: dialogs, menus, the palette. */
const GOES_AWAY = '[role="dialog"], [role="alertdialog"], [role="menu"]';

/**
 * When the focused element leaves the page (a dialog or menu closes, a node is removed) and the
 * focus falls to the body, it goes to the selected node or the canvas instead.
 */
export function useFocusGuard(): void {
  const store = useEditorStoreApi();
  useEffect(() => {
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null || !(event.target instanceof Element)) return;
      const target = event.target;
      if (target.closest(GOES_AWAY)) refocusIfLost(store);
      else requestAnimationFrame(() => (target.isConnected ? undefined : refocusIfLost(store)));
    };
    document.addEventListener('focusout', onFocusOut);
    return () => document.removeEventListener('focusout', onFocusOut);
  }, [store]);
}
