import * as Menu from '@radix-ui/react-context-menu';
import { useCallback, type MouseEvent, type ReactNode } from 'react';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { ContextMenuState, EditorState } from '../store/types';
import { MenuEntries } from './MenuEntries';
import { MENU_MARGIN } from './menuSize';
import './menus.css';

const contextMenuSelector = (s: EditorState) => s.contextMenu;

const MENU_LABELS: Record<ContextMenuState['kind'], string> = {
  node: 'Node actions',
  canvas: 'Canvas actions',
  selection: 'Selection actions',
  edge: 'Edge actions',
};

/**
 * The right-click menu of a node, the canvas, a selection or an edge (Radix context menu: keyboard,
 * focus, submenus and collision handling). `children` is the canvas: its own handlers say what was
 * right-clicked (the store's contextMenu) before the menu opens at the pointer, kept inside the
 * window. Closes on a press outside it, on Escape, and after an action.
 */
export function CanvasContextMenu({ children }: { children: ReactNode }) {
  const store = useEditorStoreApi();
  const menu = useEditor(contextMenuSelector);
  const onOpenChange = useCallback(
    (open: boolean) => {
      if (!open) store.getState().closeContextMenu();
    },
    [store],
  );
  const onContextMenu = useCallback(
    (event: MouseEvent) => {
      // A right-click on what has no menu (the zoom buttons, the minimap) opens nothing.
      if (!store.getState().contextMenu) {
        event.preventDefault();
        return;
      }
      // The menu opens beside the pointer and flips at the window's edge; a pointer within the
      // margin of an edge is moved inside it first (the same right-click again, a little in).
      const x = Math.min(Math.max(event.clientX, MENU_MARGIN), window.innerWidth - MENU_MARGIN);
      const y = Math.min(Math.max(event.clientY, MENU_MARGIN), window.innerHeight - MENU_MARGIN);
      if (x === event.clientX && y === event.clientY) return;
      event.preventDefault();
      const target = event.target;
      const again = new globalThis.MouseEvent('contextmenu', { bubbles: true, cancelable: true, button: 2, clientX: x, clientY: y });
      queueMicrotask(() => target.dispatchEvent(again));
    },
    [store],
  );
  return (
    <Menu.Root modal={false} onOpenChange={onOpenChange}>
      <Menu.Trigger asChild onContextMenu={onContextMenu}>
        {children}
      </Menu.Trigger>
      <Menu.Portal>
        {menu ? (
          <Menu.Content
            className="ctx-menu"
            aria-label={MENU_LABELS[menu.kind]}
            data-testid="context-menu"
            collisionPadding={MENU_MARGIN}
            onContextMenu={(event) => event.preventDefault()}
          >
            <MenuEntries menu={menu} />
          </Menu.Content>
        ) : null}
      </Menu.Portal>
    </Menu.Root>
  );
}
