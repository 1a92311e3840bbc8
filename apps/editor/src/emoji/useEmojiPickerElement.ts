import { useEffect, useRef, type RefObject } from 'react';
import { providerUrl } from '../api/providerUrl';
import { createEmojiPickerElement } from './emojiPickerElement';
import { emojiDataSource, emojiPickerOptions } from './emojiPickerOptions';

/**
 * Puts an emoji picker into `host` while mounted, with the provider's emoji data, and moves focus
 * into its search field; `onEmoji` gets the picked emoji.
 */
export function useEmojiPickerElement(host: RefObject<HTMLElement | null>, onEmoji: (emoji: string) => void): void {
  const latest = useRef(onEmoji);
  latest.current = onEmoji;
  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const options = emojiPickerOptions(emojiDataSource(providerUrl(), window.location.origin));
    const handle = createEmojiPickerElement(container, options, (emoji) => latest.current(emoji));
    const frame = handle.focus() ? 0 : requestAnimationFrame(() => handle.focus());
    return () => {
      cancelAnimationFrame(frame);
      handle.destroy();
    };
  }, [host]);
}
