import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withKeys } from '../src/help/captionKeys';
import { parseSteps } from '../src/help/onboardingSteps';

describe("the editor's steps file", () => {
  const url = new URL('../public/onboarding/steps.json', import.meta.url);
  const steps = parseSteps(JSON.parse(readFileSync(url, 'utf8')), url.href);

  it('has titled steps whose pictures exist and whose keys all come from the keybindings table', () => {
    expect(steps.length).toBeGreaterThan(5);
    for (const step of steps) {
      expect(step.title, step.id).not.toBe('');
      for (const image of [step.imageWebp, step.imageJpg]) if (image) expect(existsSync(fileURLToPath(image)), image).toBe(true);
      expect(withKeys(step.caption), step.id).not.toContain('{{key:');
    }
  });
});
