import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';

/** The one door to sonner: its own chunk, fetched after the plan's first frame (toasts/loadToasts.ts). */
export { toast };

/** What shows toasts: sonner's `toast`, loaded with the Toaster. */
export type Toast = typeof toast;

/**
 * Toasts: bottom-left, 3 visible, 4000 ms, 356 px wide, 14 px gap, Alt+T (spec section 9). They
 * sit just above the floating bottom bar, so that they never cover its buttons.
 */
const TOASTER = {
  position: 'bottom-left',
  visibleToasts: 3,
  duration: 4000,
  gap: 14,
  hotkey: ['altKey', 'KeyT'],
  offset: { bottom: 76, left: 24 },
} as const;

/** The Toaster; `onMounted` runs once it listens (a toast made before that would not show). */
export function Toasts({ onMounted }: { onMounted: () => void }) {
  // Runs after the Toaster's own effects, which subscribe it to the toasts.
  useEffect(onMounted, [onMounted]);
  return <Toaster {...TOASTER} hotkey={[...TOASTER.hotkey]} toastOptions={{ style: { width: 356 } }} />;
}
