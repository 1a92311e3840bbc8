import { useEffect } from 'react';
import { dontShowAgain } from './onboardingStorage';

/** Onboarding delay after load, in ms (spec section 9). */
export const ONBOARDING_DELAY = 300;

/**
 * Opens the help modal 300 ms after a plan page loads, unless onboarding:dontShowAgain is 'true';
 * `preload` (its code) starts at once, so that the modal's chunks are in by then.
 */
export function useOnboardingAutoOpen(planPage: boolean, open: () => void, preload: () => void): void {
  useEffect(() => {
    if (!planPage || dontShowAgain()) return;
    preload();
    const timer = window.setTimeout(open, ONBOARDING_DELAY);
    return () => window.clearTimeout(timer);
  }, [planPage, open, preload]);
}
