import { QUICK_FUNCTIONS, type QuickFunction } from '@flow/core';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { runAction } from '../actions/actions';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { overflowSides, scrollStep } from './scrollStep';
import './QuickFunctionsBar.css';
import { editorText } from '../messages';

interface Sides {
  left: boolean;
  right: boolean;
}
const NO_OVERFLOW: Sides = { left: false, right: false };

/** Enter and Space press the focused button here, not the editor's shortcuts (Edit, palette). */
function keepActivationKeys(event: KeyboardEvent<HTMLButtonElement>): void {
  if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
}

/**
 * The Quick Functions bar: the six quick functions in a horizontally scrollable row, with a
 * scroll arrow on each side that has hidden content. Clicking adds the function's node; Send
 * Workflow opens the workflow selector; disabled ones say 'Coming soon' and add nothing.
 */
export function QuickFunctionsBar() {
  const store = useEditorStoreApi();
  const scroller = useRef<HTMLDivElement>(null);
  const [sides, setSides] = useState<Sides>(NO_OVERFLOW);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const update = () => {
      const next = overflowSides(el.scrollLeft, el.clientWidth, el.scrollWidth);
      setSides((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
    };
    // No first read here (it forced a layout in the first render's task): an observer reports each
    // element once at its first frame; the arrows are laid over the bar, so showing them then moves nothing.
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', update);
    };
  }, []);

  const scroll = useCallback((direction: -1 | 1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: direction * scrollStep(el.clientWidth), behavior: 'smooth' });
  }, []);

  const activate = useCallback((fn: QuickFunction) => runAction('addQuickFunction', store.getState(), { quickFunction: fn }), [store]);

  return (
    <div className="qf-bar" role="toolbar" aria-label={editorText.quickFunctions}>
      {sides.left ? (
        <button type="button" className="qf-arrow qf-arrow-left" aria-label={editorText.scrollLeft} onClick={() => scroll(-1)}>
          ‹
        </button>
      ) : null}
      <div className="qf-scroller" ref={scroller}>
        <div className="qf-row">
          {QUICK_FUNCTIONS.map((fn) => (
            <button
              key={fn.type}
              type="button"
              className="qf-item"
              title={fn.tooltip}
              aria-disabled={fn.disabled || undefined}
              onClick={() => activate(fn)}
              onKeyDown={keepActivationKeys}
            >
              <span className="qf-emoji" aria-hidden="true">
                {fn.trigger_text}
              </span>
              <span>{fn.name}</span>
            </button>
          ))}
        </div>
      </div>
      {sides.right ? (
        <button type="button" className="qf-arrow qf-arrow-right" aria-label={editorText.scrollRight} onClick={() => scroll(1)}>
          ›
        </button>
      ) : null}
    </div>
  );
}
