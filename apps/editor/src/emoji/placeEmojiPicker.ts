import { EMOJI_PICKER } from './emojiMessages';

export interface Size {
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number): number => Math.max(min, Math.min(value, max));

/**
 * Top-left corner of the emoji picker opened at (x, y), moved so that the whole popup stays in the
 * window with a 10 px margin; in a window too small for it, it sticks to the top-left margin.
 * @example placeEmojiPicker({ x: 1300, y: 700 }, { width: 340, height: 440 }, { width: 1440, height: 900 }) // { x: 1090, y: 450 }
 */
export function placeEmojiPicker(
  at: { x: number; y: number },
  size: Size,
  viewport: Size,
  margin: number = EMOJI_PICKER.marginPx,
): { x: number; y: number } {
  return {
    x: clamp(at.x, margin, viewport.width - size.width - margin),
    y: clamp(at.y, margin, viewport.height - size.height - margin),
  };
}
