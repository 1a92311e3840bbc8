// The onboarding's two local storage keys (spec section 7). Local storage can throw (disabled,
// full, sandboxed): every failure is ignored silently, as the spec says.

const DONT_SHOW_AGAIN = 'onboarding:dontShowAgain';
const LAST_STEP = 'onboarding:lastStep';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Ignored: the onboarding works without storage, it just does not remember.
  }
}

/**
 * A saved step index clamped to the steps there are; anything unreadable is the first step.
 * @example clampStep('7', 3) // 2
 */
export function clampStep(saved: string | null, count: number): number {
  const n = saved === null ? NaN : Number.parseInt(saved, 10);
  if (!Number.isFinite(n) || count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, n));
}

/** True when the user ticked 'Don't show again'. */
export function dontShowAgain(): boolean {
  return read(DONT_SHOW_AGAIN) === 'true';
}

/** Ticked: onboarding:dontShowAgain = 'true'; unticked: the key is removed. */
export function setDontShowAgain(on: boolean): void {
  write(DONT_SHOW_AGAIN, on ? 'true' : null);
}

/** The saved step (0-based), clamped to `count` steps. */
export function savedStep(count: number): number {
  return clampStep(read(LAST_STEP), count);
}

export function saveStep(index: number): void {
  write(LAST_STEP, String(index));
}
