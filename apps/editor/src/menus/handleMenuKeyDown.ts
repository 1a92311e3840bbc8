import type { KeyboardEvent } from 'react';
import { nextMenuIndex } from './menuNavigation';

/** The menu items that belong to `menu` itself, not to a submenu inside it. */
function ownItems(menu: HTMLElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')).filter((item) => item.closest('[role="menu"]') === menu);
}

/** Keeps a handled key from the parent menu and from the editor's global shortcuts. */
function consume(event: KeyboardEvent<HTMLElement>): void {
  event.preventDefault();
  event.stopPropagation();
}

/**
 * Keyboard of a role="menu" element (attach to its onKeyDown): arrows, Home and End move focus,
 * Enter and Space activate the focused item, Escape closes, ArrowLeft goes `back` from a submenu.
 */
export function handleMenuKeyDown(event: KeyboardEvent<HTMLElement>, close: () => void, back?: () => void): void {
  const menu = event.currentTarget;
  const items = ownItems(menu);
  const target = event.target instanceof HTMLElement ? event.target : null;
  const next = nextMenuIndex(
    items.findIndex((item) => item === target),
    items.length,
    event.key,
  );
  if (next !== null) {
    items[next]?.focus();
    consume(event);
    return;
  }
  switch (event.key) {
    case 'Escape':
    case 'Tab':
      consume(event);
      close();
      return;
    case 'ArrowLeft':
      if (!back) return;
      consume(event);
      back();
      return;
    case 'Enter':
    case ' ':
      if (!target || !items.includes(target)) return;
      consume(event);
      target.click();
      return;
  }
}
