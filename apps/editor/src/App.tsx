import { ReactFlowProvider } from '@xyflow/react';
import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { providerClient } from './api/providerClient';
import { EditorLayout } from './layout/EditorLayout';
import { afterPaint, whenIdle } from './panels/afterPaint';
import { createEditorStore, type EditorStore } from './store/createEditorStore';
import { EditorStoreContext } from './store/EditorStoreContext';
import type { Notifier } from './store/types';
import { createSaveChannel } from './sync/saveChannel';

/** A toast waits for the browser to be idle at most this long after the frame that shows the change. */
const TOAST_IDLE_MS = 200;

/**
 * What the store says, as toasts, after the frames that show the change itself, once the browser
 * is idle: a toast mounts and measures itself (~4-5 ms), which held back the frames right after a
 * click. Mounted right after the first frame, it still delayed the second: a connection at 100
 * nodes took 33.0 ms to its second frame (median of 93, 46 over 33 ms), and 26.3 ms (6 over) with
 * the toast mounted when idle.
 */
const toastLater = (show: () => void): void => {
  afterPaint(() => whenIdle(show, TOAST_IDLE_MS));
};
const notify: Notifier = {
  success: (message) => toastLater(() => toast.success(message)),
  error: (message) => toastLater(() => toast.error(message)),
  info: (message) => toastLater(() => toast(message)),
  progress: (message) => {
    const id = toast.loading(message);
    return {
      succeed: (outcome) => toast.success(outcome, { id }),
      fail: (outcome) => toast.error(outcome, { id }),
      dismiss: () => toast.dismiss(id),
    };
  },
};

/**
 * Toasts: bottom-left, 3 visible, 4000 ms, 356 px wide, 14 px gap, Alt+T (spec section 9). They
 * sit just above the floating bottom bar, so that they never cover its buttons.
 */
const TOASTER = {
  position: 'bottom-left',
  visibleToasts: 3,
  duration: 4000,
  gap: 14,
  hotkey: ['altKey', 'KeyT'],
  offset: { bottom: 76, left: 24 },
} as const;

/** The editor of one plan version: its store (which owns the save loop). */
export interface Editor {
  store: EditorStore;
}

/**
 * Makes the editor's store and starts loading the plan at once, before React first renders, so
 * that the flow's request runs while the page draws rather than after it.
 */
export function startEditor(planId: string, versionName: string): Editor {
  const store = createEditorStore({
    planId,
    versionName,
    client: planId ? providerClient() : null,
    notify,
    channel: planId ? createSaveChannel(planId, versionName) : undefined,
  });
  void store.getState().loadPlan();
  return { store };
}

export function App({ editor: { store }, planId, versionName }: { editor: Editor; planId: string; versionName: string }) {
  useEffect(() => {
    document.title = planId ? `${planId} · ${versionName} — Flow` : 'Flow';
  }, [planId, versionName]);
  useEffect(() => {
    // What waits for the autosave is kept in this browser at once and sent to the provider.
    const flush = () => void store.flush();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [store]);
  return (
    <EditorStoreContext.Provider value={store}>
      <ReactFlowProvider>
        <EditorLayout />
      </ReactFlowProvider>
      <Toaster {...TOASTER} hotkey={[...TOASTER.hotkey]} toastOptions={{ style: { width: 356 } }} />
    </EditorStoreContext.Provider>
  );
}
