import { useRef } from 'react';
import { lazyComponent } from '../lazy/lazyComponent';
import { MountWhenOpened } from '../lazy/MountWhenOpened';
import { Announcer } from './Announcer';
import { useFocusGuard } from '../keyboard/useFocusGuard';
import { useKeyboardShortcuts } from '../keyboard/useKeyboardShortcuts';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { BottomBar } from './BottomBar';
import { FlowCanvas } from './FlowCanvas';
import { PlanBar } from './PlanBar';
import { PlanMissing } from './PlanMissing';
import './canvas.css';
import { editorText } from '../messages';

// Radix's menu code loads with the first right-click.
const ContextMenu = lazyComponent(() => import('../menus/ContextMenu').then((m) => m.ContextMenu));
const menuOpened = (s: EditorState) => s.contextMenu !== null;

const loadingSelector = (s: EditorState) => s.loading;
const missingSelector = (s: EditorState) => s.planMissing;

/** The canvas column: plan and quick functions on top, the flow, the bottom bar, help and spinner. */
export function CanvasArea() {
  const ref = useRef<HTMLDivElement>(null);
  const store = useEditorStoreApi();
  const loading = useEditor(loadingSelector);
  const planMissing = useEditor(missingSelector);
  useKeyboardShortcuts(ref);
  useFocusGuard();
  return (
    <div className="canvas-area" ref={ref}>
      <PlanBar />
      <div className="canvas-flow">
        <FlowCanvas />
        {planMissing ? <PlanMissing /> : null}
      </div>
      <BottomBar />
      <Announcer />
      <button type="button" className="btn canvas-help" onClick={() => store.getState().setDialog('helpOpen', true)}>
        How to use: F1
      </button>
      {loading ? <div className="canvas-spinner" role="status" aria-label={editorText.loadingFlow} /> : null}
      <MountWhenOpened opened={menuOpened}>
        <ContextMenu />
      </MountWhenOpened>
    </div>
  );
}
