import { parseSteps, type OnboardingStep } from './onboardingSteps';

/** Where the editor's steps file is, beside the built editor. */
export function stepsUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}onboarding/steps.json`, window.location.href).href;
}

/** The steps file asked for ahead of the modal's opening (preloadSteps), for the next load to take. */
let early: { url: string; steps: Promise<OnboardingStep[]> } | null = null;

/** Starts loading the steps file before the Onboarding tab mounts: the onboarding is about to open by itself. */
export function preloadSteps(): void {
  const url = stepsUrl();
  early ??= { url, steps: fetchSteps(url) };
}

/** Loads the steps file (the preloaded answer, once); a failed load gives an empty step list (spec section 8). */
export function loadSteps(url: string = stepsUrl()): Promise<OnboardingStep[]> {
  const taken = early;
  early = null;
  return taken?.url === url ? taken.steps : fetchSteps(url);
}

async function fetchSteps(url: string): Promise<OnboardingStep[]> {
  try {
    const res = await fetch(url, { cache: 'no-cache' });
    if (!res.ok) return [];
    return parseSteps(await res.json(), url);
  } catch {
    return [];
  }
}
