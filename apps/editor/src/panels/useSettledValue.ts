import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` (undefined before the first time): what is
 * costly to render from it (a compiled prompt) waits until a burst of changes is over and the
 * frames that show each change have been drawn, instead of running between them.
 */
export function useSettledValue<T>(value: T, delayMs: number): T | undefined {
  const [settled, setSettled] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (settled && Object.is(settled.value, value)) return undefined;
    const timer = window.setTimeout(() => setSettled({ value }), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, settled, delayMs]);
  return settled?.value;
}
