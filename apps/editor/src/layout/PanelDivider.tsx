import { useCallback, useRef, useState } from 'react';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { CANVAS_WIDTH } from '../store/uiSlice';
import { editorText } from '../messages';

const widthSelector = (s: EditorState) => s.canvasWidth;

/** The draggable divider between canvas and side panel (column-resize cursor while dragging). */
export function PanelDivider() {
  const store = useEditorStoreApi();
  const width = useEditor(widthSelector);
  const [dragging, setDragging] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  const onPointerDown = useCallback(
    (event: React.PointerEvent<HTMLDivElement>) => {
      const editor = ref.current?.parentElement;
      if (!editor) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      setDragging(true);
      document.body.style.cursor = 'col-resize';
      // Whatever the pointer passes over (canvas pane, side panel) shows col-resize while dragging.
      document.body.classList.add('col-resizing');
      const rect = editor.getBoundingClientRect();
      const move = (e: PointerEvent) => store.getState().setCanvasWidth(((e.clientX - rect.left) / rect.width) * 100);
      const up = () => {
        setDragging(false);
        document.body.style.cursor = '';
        document.body.classList.remove('col-resizing');
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', up);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', up);
    },
    [store],
  );

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent<HTMLDivElement>) => {
      const step = event.key === 'ArrowLeft' ? -2 : event.key === 'ArrowRight' ? 2 : 0;
      if (step) store.getState().setCanvasWidth(store.getState().canvasWidth + step);
    },
    [store],
  );

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a focusable separator is the ARIA window splitter: arrows resize
    <div
      ref={ref}
      className={`editor-divider${dragging ? ' dragging' : ''}`}
      role="separator"
      aria-orientation="vertical"
      aria-label={editorText.resizePanels}
      aria-valuemin={CANVAS_WIDTH.min}
      aria-valuemax={CANVAS_WIDTH.max}
      aria-valuenow={Math.round(width)}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      style={{ cursor: 'col-resize' }}
      data-testid="panel-divider"
    />
  );
}
