import type { Toast } from './Toasts';

let listening: () => void = () => {};
/** Settles once the Toaster is mounted and listening. */
const mounted = new Promise<void>((resolve) => (listening = resolve));

/** sonner's code: fetched once, when the Toaster first mounts (after the plan's first frame). */
let code: Promise<typeof import('./Toasts')> | null = null;

/** The Toaster's module, fetched on first call; the same promise afterwards. */
export const loadToasts = (): Promise<typeof import('./Toasts')> => (code ??= import('./Toasts'));

/** Tells `showToast` that the Toaster listens now (Toasts' onMounted). */
export const toasterMounted = (): void => listening();

/**
 * Shows a toast once sonner is in and its Toaster listens; toasts asked for meanwhile show then,
 * in the order asked.
 */
export function showToast(show: (toast: Toast) => void): void {
  void Promise.all([loadToasts(), mounted]).then(([{ toast }]) => show(toast));
}
