import { CanvasArea } from '../canvas/CanvasArea';
import { SidePanel } from '../panels/SidePanel';
import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { ModalRoot } from '../modals/ModalRoot';
import { PanelDivider } from './PanelDivider';
import './layout.css';

const widthSelector = (s: EditorState) => s.canvasWidth;

/** Canvas on the left, side panel on the right, a draggable divider between them. */
export function EditorLayout() {
  const width = useEditor(widthSelector);
  return (
    <main className="editor" data-testid="editor">
      <div className="editor-canvas" style={{ width: `${width}%` }}>
        <CanvasArea />
      </div>
      <PanelDivider />
      <div className="editor-panel" style={{ width: `${100 - width}%` }}>
        <SidePanel />
      </div>
      <ModalRoot />
    </main>
  );
}
