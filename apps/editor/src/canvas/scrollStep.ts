/** Quick Functions bar scrolling (spec section 9): 70% of the visible width, at least 120 px. */
export const SCROLL = { ratio: 0.7, min: 120 } as const;

/**
 * How far one scroll-arrow click moves a row whose visible width is `visibleWidth`.
 * @example scrollStep(1000) // 700
 */
export function scrollStep(visibleWidth: number): number {
  return Math.max(SCROLL.min, Math.round(visibleWidth * SCROLL.ratio));
}

/**
 * Which scroll arrows a row needs: content hidden to the left, to the right. A pixel of slack
 * absorbs the fractional scroll positions of zoomed pages.
 */
export function overflowSides(scrollLeft: number, clientWidth: number, scrollWidth: number): { left: boolean; right: boolean } {
  return {
    left: scrollLeft > 1,
    right: scrollLeft + clientWidth < scrollWidth - 1,
  };
}
