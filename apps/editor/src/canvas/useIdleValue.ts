import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../panels/afterPaint';

/** The value follows once it has stayed the same this long: after the frames that show an input. */
const SETTLE_MS = 120;
/** Then, at the latest this long later, even if the page is never idle. */
const IDLE_TIMEOUT_MS = 250;

/** One function for the default, so that the effect below does not run again on every render. */
const never = (): boolean => false;

/**
 * A value that follows `value` once it has settled and the browser is idle, as a transition:
 * work that depends on it (the node problems of a large flow) runs after the frames that show an
 * input, not inside them (an idle moment comes right after the first of them). The first value
 * is taken at once, and so is any value `atOnce(previous)` asks for (a flow just loaded: its
 * problems are found before the person's first action rather than during it).
 */
export function useIdleValue<T>(value: T, atOnce: (previous: T) => boolean = never): T {
  const [idle, setIdle] = useState(value);
  useEffect(() => {
    if (Object.is(idle, value)) return;
    const follow = () => startTransition(() => setIdle(value));
    if (atOnce(idle)) {
      follow();
      return;
    }
    let cancelIdle: (() => void) | undefined;
    const settled = window.setTimeout(() => {
      cancelIdle = whenIdle(follow, IDLE_TIMEOUT_MS);
    }, SETTLE_MS);
    return () => {
      window.clearTimeout(settled);
      cancelIdle?.();
    };
  }, [value, idle, atOnce]);
  return idle;
}
