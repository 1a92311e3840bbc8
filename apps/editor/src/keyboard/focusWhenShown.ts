/** How many frames an element may take to appear (a lazy panel, a node the canvas draws near the view). */
const MAX_FRAMES = 60;

/**
 * Focuses the element `find` gives as soon as it is in the page, trying once a frame; returns a cancel.
 * @example const cancel = focusWhenShown(() => document.getElementById('name'));
 */
export function focusWhenShown(find: () => HTMLElement | null): () => void {
  let frame = 0;
  let handle = 0;
  const attempt = () => {
    const el = find();
    if (el) el.focus({ preventScroll: true });
    else if ((frame += 1) < MAX_FRAMES) handle = requestAnimationFrame(attempt);
  };
  handle = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(handle);
}

/** A node's element on the canvas, if drawn. */
export const nodeElement = (nodeId: string): HTMLElement | null =>
  document.querySelector<HTMLElement>(`#main-flow .react-flow__node[data-id="${CSS.escape(nodeId)}"]`);
