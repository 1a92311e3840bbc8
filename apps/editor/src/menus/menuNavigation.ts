/**
 * Index of the item to focus after `key` in a menu of `count` items where item `current` has
 * focus (-1: none). ArrowDown/ArrowUp wrap around; Home and End jump. Other keys: null.
 * @example nextMenuIndex(2, 3, 'ArrowDown') // 0
 */
export function nextMenuIndex(current: number, count: number, key: string): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
