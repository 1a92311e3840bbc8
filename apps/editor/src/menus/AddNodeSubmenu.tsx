import type { XYPosition } from '@flow/core';
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { placeSubmenu, type Point } from './clampMenuPosition';
import { handleMenuKeyDown } from './handleMenuKeyDown';
import { MenuItem } from './MenuItem';

export interface AddNodeSubmenuProps {
  /** The 'Add Node' item the submenu opens beside. */
  trigger: RefObject<HTMLButtonElement | null>;
  /** Where the canvas was right-clicked, in flow coordinates: the new prompt node goes there. */
  flowPosition: XYPosition;
  /** Focus the first entry on open (opened from the keyboard or by a click). */
  focusFirst: boolean;
  /** Close the submenu and give focus back to its trigger. */
  onBack: () => void;
}

/** The canvas menu's 'Add Node' submenu: Function Node (the palette) and Prompt Node. */
export function AddNodeSubmenu({ trigger, flowPosition, focusFirst, onBack }: AddNodeSubmenuProps) {
  const store = useEditorStoreApi();
  const target = useMemo(() => ({ flowPosition }), [flowPosition]);
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<Point | null>(null);

  // Placed beside the parent menu once both sizes are known, before the first paint.
  useLayoutEffect(() => {
    const el = ref.current;
    const item = trigger.current;
    const parent = item?.closest('[role="menu"]');
    if (!el || !item || !parent) return;
    const menuBox = parent.getBoundingClientRect();
    const place = placeSubmenu(
      { left: menuBox.left + 2, right: menuBox.right - 2, top: item.getBoundingClientRect().top - 4 },
      { width: el.offsetWidth, height: el.offsetHeight },
      window.innerWidth,
      window.innerHeight,
    );
    setPosition(place);
  }, [trigger]);

  // Only once placed: a hidden element cannot take focus.
  useLayoutEffect(() => {
    if (position && focusFirst) ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [position, focusFirst]);

  return (
    <div
      ref={ref}
      role="menu"
      tabIndex={-1}
      aria-label="Add Node"
      className="ctx-menu ctx-submenu"
      style={position ? { left: position.x, top: position.y } : { visibility: 'hidden' }}
      onKeyDown={(event) => handleMenuKeyDown(event, () => store.getState().closeContextMenu(), onBack)}
    >
      <MenuItem action="addFunctionNode" />
      <MenuItem action="addPromptNode" target={target} />
    </div>
  );
}
