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
