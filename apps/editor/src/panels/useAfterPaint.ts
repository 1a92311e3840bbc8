import { startTransition, useEffect, useState } from 'react';
import { afterPaint } from './afterPaint';

/**
 * `value` once the browser has painted a frame since it changed (undefined before the first
 * time): what depends on it renders right after the frame that shows the input's own effect, not
 * inside it. A node added or selected on the canvas shows first; its Properties form (a few dozen
 * fields to mount) follows one frame later. It renders as a transition, in slices that let the
 * next frame in on time (rendered in one piece, the form held back the second frame after a
 * click by up to a frame).
 */
export function useAfterPaint<T>(value: T): T | undefined {
  const [shown, setShown] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (shown && Object.is(shown.value, value)) return undefined;
    return afterPaint(() => startTransition(() => setShown({ value })));
  }, [value, shown]);
  return shown?.value;
}
