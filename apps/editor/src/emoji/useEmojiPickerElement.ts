import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { providerUrl } from '../api/providerUrl';
import { createEmojiPickerElement, type EmojiPickerElementHandle } from './emojiPickerElement';
import { emojiDataSource, emojiPickerOptions } from './emojiPickerOptions';

/**
 * Puts an emoji picker into `host` while mounted, with the provider's emoji data, and moves focus
 * into its search field; `onEmoji` gets the picked emoji. Answers a function that focuses that
 * search field again (false while the picker is not there).
 */
export function useEmojiPickerElement(host: RefObject<HTMLElement | null>, onEmoji: (emoji: string) => void): () => boolean {
  const latest = useRef(onEmoji);
  // eslint-disable-next-line react-hooks/refs -- a latest-value ref, assigned during render so a flush in the same tick sees the newest value
  latest.current = onEmoji;
  const handle = useRef<EmojiPickerElementHandle | null>(null);
  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const options = emojiPickerOptions(emojiDataSource(providerUrl(), window.location.origin));
    const picker = createEmojiPickerElement(container, options, (emoji) => latest.current(emoji));
    handle.current = picker;
    const frame = picker.focus() ? 0 : requestAnimationFrame(() => picker.focus());
    return () => {
      cancelAnimationFrame(frame);
      handle.current = null;
      picker.destroy();
    };
  }, [host]);
  return useCallback(() => handle.current?.focus() ?? false, []);
}
