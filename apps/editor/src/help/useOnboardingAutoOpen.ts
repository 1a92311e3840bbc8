import { useEffect } from 'react';
import { dontShowAgain } from './onboardingStorage';

/** Onboarding delay after load, in ms (spec section 9). */
export const ONBOARDING_DELAY = 300;

/** Opens the help modal 300 ms after a plan page loads, unless onboarding:dontShowAgain is 'true'. */
export function useOnboardingAutoOpen(planPage: boolean, open: () => void): void {
  useEffect(() => {
    if (!planPage || dontShowAgain()) return;
    const timer = window.setTimeout(open, ONBOARDING_DELAY);
    return () => window.clearTimeout(timer);
  }, [planPage, open]);
}
