/** Context menu size and window margin (spec section 9: 220x300 px, 10 px margin). */
export const MENU = { width: 220, maxHeight: 300, margin: 10 } as const;

export interface Point {
  x: number;
  y: number;
}

/** Clamps `value` into [min, max]; when the range is empty the minimum wins. */
function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

/**
 * Top-left corner of a context menu opened at (x, y), moved so that the menu (220x300 at most, or
 * its measured `size`) stays inside the window with a 10 px margin. In a window smaller than the
 * menu it sticks to the top-left margin.
 * @example clampMenuPosition(1000, 700, 1024, 768) // { x: 794, y: 458 }
 * @example clampMenuPosition(1000, 700, 1024, 768, { width: 220, height: 120 }) // { x: 794, y: 638 }
 */
export function clampMenuPosition(
  x: number,
  y: number,
  viewportW: number,
  viewportH: number,
  size: { width: number; height: number } = { width: MENU.width, height: MENU.maxHeight },
): Point {
  return {
    x: clamp(x, MENU.margin, viewportW - Math.min(size.width, MENU.width) - MENU.margin),
    y: clamp(y, MENU.margin, viewportH - Math.min(size.height, MENU.maxHeight) - MENU.margin),
  };
}

/** The box a submenu opens beside: the parent menu's left and right edges and the trigger's top. */
export interface SubmenuAnchor {
  left: number;
  right: number;
  top: number;
}

/**
 * Top-left corner of a submenu of `size`: to the right of its parent menu, or to the left when it
 * would leave the window there; kept inside the window with the menu margin.
 */
export function placeSubmenu(anchor: SubmenuAnchor, size: { width: number; height: number }, viewportW: number, viewportH: number): Point {
  const fitsRight = anchor.right + size.width <= viewportW - MENU.margin;
  const x = fitsRight ? anchor.right : anchor.left - size.width;
  return {
    x: clamp(x, MENU.margin, viewportW - size.width - MENU.margin),
    y: clamp(anchor.top, MENU.margin, viewportH - size.height - MENU.margin),
  };
}
