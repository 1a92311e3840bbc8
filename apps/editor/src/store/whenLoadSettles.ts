import type { StoreApi } from 'zustand/vanilla';
import type { EditorState } from './types';

/**
 * How long the first render waits for the plan's load once the code has run: past it the chrome
 * and the canvas's spinner show while the flow is still on its way.
 */
export const FIRST_RENDER_WAIT_MS = 500;

/**
 * Calls `callback` once, when the store's load has settled (its flow, or why it failed, is in the
 * store) or `maxWaitMs` later, whichever comes first. The editor's first render waits so: drawn
 * before the flow came, the chrome took a render, a layout and a paint of its own, and a second
 * render when the load settled, all before the nodes' (a 100-node plan: ~40 ms of main thread).
 */
export function whenLoadSettles(
  store: Pick<StoreApi<Pick<EditorState, 'loading'>>, 'getState' | 'subscribe'>,
  maxWaitMs: number,
  callback: () => void,
): void {
  if (!store.getState().loading) {
    callback();
    return;
  }
  const done = () => {
    clearTimeout(timer);
    stop();
    callback();
  };
  const timer = setTimeout(done, maxWaitMs);
  const stop = store.subscribe((state) => {
    if (!state.loading) done();
  });
}
