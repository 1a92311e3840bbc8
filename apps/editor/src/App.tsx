import { ReactFlowProvider } from '@xyflow/react';
import { useEffect, useState } from 'react';
import { providerClient } from './api/providerClient';
import { EditorLayout } from './layout/EditorLayout';
import { lazyComponent } from './lazy/lazyComponent';
import { afterPaint, whenIdle } from './panels/afterPaint';
import { createEditorStore, type EditorStore } from './store/createEditorStore';
import { EditorStoreContext, useEditor } from './store/EditorStoreContext';
import type { EditorState, Notifier } from './store/types';
import { createSaveChannel } from './sync/saveChannel';
import { loadToasts, showToast, toasterMounted } from './toasts/loadToasts';

// sonner and its Toaster stay out of the initial JavaScript: fetched after the plan's first frame.
const Toasts = lazyComponent(() => loadToasts().then((m) => m.Toasts));

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
/** Ids of progress toasts, ours: the toast is made once sonner is in, and its updates follow it. */
let progressCount = 0;

const notify: Notifier = {
  success: (message) => toastLater(() => showToast((toast) => toast.success(message))),
  error: (message) => toastLater(() => showToast((toast) => toast.error(message))),
  info: (message) => toastLater(() => showToast((toast) => toast(message))),
  progress: (message) => {
    const id = `progress-${++progressCount}`;
    showToast((toast) => toast.loading(message, { id }));
    return {
      succeed: (outcome) => showToast((toast) => toast.success(outcome, { id })),
      fail: (outcome) => showToast((toast) => toast.error(outcome, { id })),
      dismiss: () => showToast((toast) => toast.dismiss(id)),
    };
  },
};

/** The Toaster waits for the page to be idle at most this long after the plan's first frame. */
const TOASTER_IDLE_MS = 1000;

const loadingSelector = (s: EditorState) => s.loading;

/**
 * The Toaster, mounted (its code fetched) once the plan's load has settled and its frame is
 * painted, when the page is idle: mounted after the first frame, it came before the nodes'.
 */
function LazyToasts() {
  const loading = useEditor(loadingSelector);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (loading || shown) return undefined;
    let cancelIdle = () => {};
    const cancelPaint = afterPaint(() => (cancelIdle = whenIdle(() => setShown(true), TOASTER_IDLE_MS)));
    return () => {
      cancelPaint();
      cancelIdle();
    };
  }, [loading, shown]);
  return shown ? <Toasts onMounted={toasterMounted} /> : null;
}

/** The editor of one plan version: its store (which owns the save loop). */
export interface Editor {
  store: EditorStore;
  /**
   * Settles when the plan's first load has (the flow is in the store, or its failure is), or after
   * FIRST_FRAME_WAIT_MS: the first render then has the nodes already, one render instead of two.
   */
  firstFrame: Promise<void>;
  /** Says the first frame has painted: what it did not need is asked for then (EditorStoreProps.firstPaint). */
  painted: () => void;
}

/**
 * How long the first render waits for the plan's load at most. Its GETs are preloads of the page
 * (the provider's), answered while the code loads; a slower provider shows the spinner after this.
 */
export const FIRST_FRAME_WAIT_MS = 300;

/**
 * Makes the editor's store and starts loading the plan at once, before React first renders, so
 * that the flow's request runs while the page draws rather than after it.
 */
export function startEditor(planId: string, versionName: string): Editor {
  let painted = (): void => {};
  const firstPaint = new Promise<void>((settle) => (painted = settle));
  const store = createEditorStore({
    planId,
    versionName,
    client: planId ? providerClient() : null,
    notify,
    channel: planId ? createSaveChannel(planId, versionName) : undefined,
    firstPaint,
  });
  void store.getState().loadPlan();
  const firstFrame = new Promise<void>((settle) => {
    if (!store.getState().loading) return settle();
    const timer = window.setTimeout(settle, FIRST_FRAME_WAIT_MS);
    const stop = store.subscribe((state) => {
      if (state.loading) return;
      stop();
      window.clearTimeout(timer);
      settle();
    });
  });
  return { store, firstFrame, painted };
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
      <LazyToasts />
    </EditorStoreContext.Provider>
  );
}
