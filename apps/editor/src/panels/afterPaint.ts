/**
 * Runs `callback` once the browser has painted the next frame (a task queued from an animation
 * frame runs after that frame is painted). Returns a function that cancels it.
 */
export function afterPaint(callback: () => void): () => void {
  let timer: number | undefined;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/**
 * Runs `callback` when the browser is next idle, at the latest `timeoutMs` later; at once where
 * there is no idle callback (Safari). Returns a function that cancels it.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    callback();
    return () => {};
  }
  const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(id);
}
