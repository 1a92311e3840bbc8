import { useState } from 'react';
import { CanvasArea } from '../canvas/CanvasArea';
import { SidePanel } from '../panels/SidePanel';
import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { ModalRoot } from '../modals/ModalRoot';
import { PanelDivider } from './PanelDivider';
import './layout.css';

const widthSelector = (s: EditorState) => s.canvasWidth;

/**
 * Canvas on the left, side panel on the right, a draggable divider between them. In a narrow
 * window (layout.css) the canvas takes the whole width and the panel opens over it as a drawer
 * from a toggle button.
 */
export function EditorLayout() {
  const width = useEditor(widthSelector);
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <main className="editor" data-testid="editor">
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
