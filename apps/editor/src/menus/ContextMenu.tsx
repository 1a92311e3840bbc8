import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { ContextMenuState, EditorState } from '../store/types';
import { MENU, clampMenuPosition } from './clampMenuPosition';
import { handleMenuKeyDown } from './handleMenuKeyDown';
import { MenuEntries } from './MenuEntries';
import './menus.css';

const contextMenuSelector = (s: EditorState) => s.contextMenu;

const MENU_LABELS: Record<ContextMenuState['kind'], string> = {
  node: 'Node actions',
  canvas: 'Canvas actions',
  selection: 'Selection actions',
  edge: 'Edge actions',
};

/**
 * The right-click menu of a node, the canvas, a selection or an edge, at the pointer and kept
 * inside the window. Closes on a mouse press outside it, on Escape, and after an action.
 */
export function ContextMenu() {
  const store = useEditorStoreApi();
  const menu = useEditor(contextMenuSelector);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => store.getState().closeContextMenu(), [store]);
  const key = menu ? `${menu.kind}:${menu.x}:${menu.y}` : '';
  // The menu's real height, measured before the first paint: a short menu near the bottom of the
  // window opens just above the pointer instead of 300 px up.
  const [measured, setMeasured] = useState<{ key: string; height: number } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !key) return;
    const height = el.offsetHeight;
    setMeasured((current) => (current?.key === key && current.height === height ? current : { key, height }));
  }, [key]);

  useEffect(() => {
    if (!menu) return;
    const previous = document.activeElement;
    // A press elsewhere takes focus there; only a close from the menu itself gives focus back.
    let restoreFocus = true;
    const closeOutside = (event: Event) => {
      if (event.target instanceof Node && ref.current?.contains(event.target)) return;
      restoreFocus = false;
      close();
    };
    // Capture phase: the canvas stops the propagation of its own mouse presses.
    const onMouseDown = (event: MouseEvent) => closeOutside(event);
    const onWheel = (event: WheelEvent) => closeOutside(event);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Handled: the editor's own Escape (clear the selection) waits for the next press.
      event.preventDefault();
      close();
    };
    document.addEventListener('mousedown', onMouseDown, true);
    document.addEventListener('wheel', onWheel, { capture: true, passive: true });
    window.addEventListener('keydown', onKeyDown, true);
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus({ preventScroll: true });
    return () => {
      document.removeEventListener('mousedown', onMouseDown, true);
      document.removeEventListener('wheel', onWheel, { capture: true });
      window.removeEventListener('keydown', onKeyDown, true);
      // Focus goes back where it was, unless an action moved it on (a dialog, the palette).
      const focusLost = document.activeElement === null || document.activeElement === document.body;
      if (restoreFocus && focusLost && previous instanceof HTMLElement && previous.isConnected) previous.focus({ preventScroll: true });
    };
  }, [menu, close]);

  if (!menu) return null;
  const height = measured?.key === key ? measured.height : MENU.maxHeight;
  const { x, y } = clampMenuPosition(menu.x, menu.y, window.innerWidth, window.innerHeight, { width: MENU.width, height });
  return (
    <div
      key={key}
      ref={ref}
      role="menu"
      tabIndex={-1}
      aria-label={MENU_LABELS[menu.kind]}
      className="ctx-menu"
      style={{ left: x, top: y }}
      onKeyDown={(event) => handleMenuKeyDown(event, close)}
      onContextMenu={(event) => event.preventDefault()}
      data-testid="context-menu"
    >
      <MenuEntries menu={menu} />
    </div>
  );
}
