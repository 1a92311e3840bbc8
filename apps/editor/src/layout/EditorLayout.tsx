import { useEffect, useState, type FocusEvent } from 'react';
import { CanvasArea } from '../canvas/CanvasArea';
import { isTyping } from '../keyboard/isTyping';
import { SidePanel } from '../panels/SidePanel';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import { isModalOpen } from '../store/modalOpen';
import type { EditorState } from '../store/types';
import { ModalRoot } from '../modals/ModalRoot';
import { PanelDivider } from './PanelDivider';
import './layout.css';

const widthSelector = (s: EditorState) => s.canvasWidth;

/**
 * Marks the editor `data-typing` while the focus is in a field (a prompt node's text, Properties),
 * which holds the chain edges' moving dashes still (canvas.css). Any running animation makes the
 * page draw a frame every frame, and a keystroke then waited a frame more to show: ~25 ms instead
 * of ~12 on a 60 Hz screen (bench/editor). Set on the element, not in state: nothing re-renders.
 */
function markTyping(event: FocusEvent<HTMLElement>, focused: EventTarget | null): void {
  if (isTyping(focused)) event.currentTarget.dataset.typing = '';
  else delete event.currentTarget.dataset.typing;
}

/**
 * Canvas on the left, side panel on the right, a draggable divider between them. In a narrow
 * window (layout.css) the canvas takes the whole width and the panel opens over it as a drawer
 * from a toggle button.
 */
export function EditorLayout() {
  const store = useEditorStoreApi();
  const width = useEditor(widthSelector);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => {
    if (!drawerOpen) return;
    // Esc closes the drawer, unless a dialog or menu above it takes the key (seen before they close).
    const onKeyDown = (event: KeyboardEvent) => {
      const s = store.getState();
      if (event.key === 'Escape' && !isModalOpen(s) && !s.contextMenu) setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [drawerOpen, store]);
  return (
    <main
      className="editor"
      data-testid="editor"
      onFocus={(event) => markTyping(event, event.target)}
      onBlur={(event) => markTyping(event, event.relatedTarget)}
    >
      <div className="editor-canvas" style={{ width: `${width}%` }}>
        <CanvasArea />
      </div>
      <PanelDivider />
      <button
        type="button"
        className="btn editor-panel-toggle"
        aria-expanded={drawerOpen}
        aria-controls="side-panel"
        aria-label={drawerOpen ? 'Hide side panel' : 'Show side panel'}
        title={drawerOpen ? 'Hide side panel' : 'Show side panel'}
        onClick={() => setDrawerOpen((open) => !open)}
      >
        <span aria-hidden="true">{drawerOpen ? '✕' : '☰'}</span> Panel
      </button>
      <div id="side-panel" className={`editor-panel${drawerOpen ? ' drawer-open' : ''}`} style={{ width: `${100 - width}%` }}>
        <SidePanel />
      </div>
      <ModalRoot />
    </main>
  );
}
