import * as Menu from '@radix-ui/react-context-menu';
import { useCallback, useEffect, useRef } from 'react';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { ContextMenuState, EditorState } from '../store/types';
import { MenuEntries } from './MenuEntries';
import { MENU_MARGIN } from './menuSize';
import './menus.css';
import { editorText } from '../messages';

const contextMenuSelector = (s: EditorState) => s.contextMenu;

/** The point a menu opens at: the pointer, moved inside the window's margin when it is closer to an edge. */
function menuPoint(menu: ContextMenuState): { x: number; y: number } {
  return {
    x: Math.min(Math.max(menu.x, MENU_MARGIN), window.innerWidth - MENU_MARGIN),
    y: Math.min(Math.max(menu.y, MENU_MARGIN), window.innerHeight - MENU_MARGIN),
  };
}

/**
 * The right-click menu of a node, the canvas, a selection or an edge, on Radix's context menu
 * (keyboard, focus, the Add Node submenu, collision handling). The canvas's handlers say what was
 * right-clicked and where (the store's contextMenu); this opens Radix's menu at that point by a
 * right-click on its own invisible trigger, so the canvas is never wrapped (and this code loads
 * with the first menu). Closes on a press outside it, on Escape, and after an action.
 */
export function ContextMenu() {
  const store = useEditorStoreApi();
  const menu = useEditor(contextMenuSelector);
  const trigger = useRef<HTMLSpanElement>(null);
  const onOpenChange = useCallback(
    (open: boolean) => {
      if (!open) store.getState().closeContextMenu();
    },
    [store],
  );
  useEffect(() => {
    if (!menu || !trigger.current) return;
    const { x, y } = menuPoint(menu);
    trigger.current.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, button: 2, clientX: x, clientY: y }));
  }, [menu]);
  return (
    <Menu.Root modal={false} onOpenChange={onOpenChange}>
      <Menu.Trigger ref={trigger} className="ctx-trigger" aria-hidden="true" />
      <Menu.Portal>
        {menu ? (
          <Menu.Content
            className="ctx-menu"
            aria-label={editorText.menuLabels[menu.kind]}
            data-testid="context-menu"
            collisionPadding={MENU_MARGIN}
            onContextMenu={(event) => event.preventDefault()}
            // Focus moving on (the canvas focuses a right-clicked node) does not close it; a press outside does.
            onFocusOutside={(event) => event.preventDefault()}
          >
            <MenuEntries menu={menu} />
          </Menu.Content>
        ) : null}
      </Menu.Portal>
    </Menu.Root>
  );
}
