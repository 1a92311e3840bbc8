import { parseSteps, type OnboardingStep } from './onboardingSteps';

/** Where the editor's steps file is, beside the built editor. */
export function stepsUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}onboarding/steps.json`, window.location.href).href;
}

/** Loads the steps file; a failed load gives an empty step list (spec section 8). */
export async function loadSteps(url: string = stepsUrl()): Promise<OnboardingStep[]> {
  try {
    const res = await fetch(url, { cache: 'no-cache' });
    if (!res.ok) return [];
    return parseSteps(await res.json(), url);
  } catch {
    return [];
  }
}
