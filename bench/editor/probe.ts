// In-page probes of the editor benchmark, injected before the page loads as plain script text (a
// function transpiled by the test runner could carry helpers the page lacks). They read only a few
// nodes per frame, so measuring costs the page little.

/** Sets window.__paintedAt once every expected node is in the DOM and measured (visible). */
export function paintProbe(ids: string[]): string {
  return `(() => {
    const ids = ${JSON.stringify(ids)};
    const tick = () => {
      const all = ids.every((id) => {
        const el = document.querySelector('.react-flow__node[data-id="' + CSS.escape(id) + '"]');
        return el !== null && el.style.visibility !== 'hidden';
      });
      if (all) window.__paintedAt = performance.now();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`;
}

/** Counts animation frames while window.__counting is true. */
export const FRAME_COUNTER = `(() => {
  window.__frames = 0;
  window.__counting = false;
  const tick = () => {
    if (window.__counting) window.__frames++;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;
