import type { XYPosition } from '@flow/core';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { AddNodeSubmenu } from './AddNodeSubmenu';
import { MenuItem } from './MenuItem';

/** Leaving the submenu's area closes it after this delay, so the pointer can cross the gap. */
const SUBMENU_CLOSE_DELAY_MS = 150;

interface SubmenuState {
  open: boolean;
  focusFirst: boolean;
}
const CLOSED: SubmenuState = { open: false, focusFirst: false };

/** Entries of the canvas context menu: Paste, the Add Node submenu (on hover), Select All. */
export function CanvasMenuItems({ flowPosition }: { flowPosition: XYPosition }) {
  const target = useMemo(() => ({ flowPosition }), [flowPosition]);
  const [submenu, setSubmenu] = useState<SubmenuState>(CLOSED);
  const trigger = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const openByHover = useCallback(() => {
    clearTimeout(closeTimer.current);
    setSubmenu((current) => (current.open ? current : { open: true, focusFirst: false }));
  }, []);
  const closeLater = useCallback(() => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setSubmenu(CLOSED), SUBMENU_CLOSE_DELAY_MS);
  }, []);
  const closeNow = useCallback(() => {
    clearTimeout(closeTimer.current);
    setSubmenu(CLOSED);
  }, []);
  const openAndFocus = useCallback(() => {
    clearTimeout(closeTimer.current);
    setSubmenu({ open: true, focusFirst: true });
  }, []);
  const back = useCallback(() => {
    closeNow();
    trigger.current?.focus();
  }, [closeNow]);
  const onTriggerKeyDown = useCallback(
    (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== 'ArrowRight') return;
      event.preventDefault();
      event.stopPropagation();
      openAndFocus();
    },
    [openAndFocus],
  );

  return (
    <>
      <MenuItem action="paste" target={target} onMouseEnter={closeNow} />
      <div role="none" className="ctx-subarea" onMouseEnter={openByHover} onMouseLeave={closeLater}>
        <MenuItem ref={trigger} action="addNode" expanded={submenu.open} onSelect={openAndFocus} onKeyDown={onTriggerKeyDown} />
        {submenu.open ? (
          <AddNodeSubmenu trigger={trigger} flowPosition={flowPosition} focusFirst={submenu.focusFirst} onBack={back} />
        ) : null}
      </div>
      <MenuItem action="selectAll" onMouseEnter={closeNow} />
    </>
  );
}
