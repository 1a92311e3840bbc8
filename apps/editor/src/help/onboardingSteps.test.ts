import { describe, expect, it } from 'vitest';
import { clampStep } from './onboardingStorage';
import { withKeys } from './captionKeys';
import { parseSteps } from './onboardingSteps';

const base = 'http://127.0.0.1:4321/onboarding/steps.json';

describe('parseSteps', () => {
  it('reads the spec fields and resolves images against the steps file', () => {
    const [step] = parseSteps(
      [{ id: 'a', title: 'Add', caption: '**Hi**', imageWebp: 'add.webp', imageJpg: 'add.jpg', alt: 'The bar', note: 'Tip' }],
      base,
    );
    expect(step).toEqual({
      id: 'a',
      title: 'Add',
      caption: '**Hi**',
      imageWebp: 'http://127.0.0.1:4321/onboarding/add.webp',
      imageJpg: 'http://127.0.0.1:4321/onboarding/add.jpg',
      alt: 'The bar',
      note: 'Tip',
    });
  });

  it("takes desc, image and imagewebp as the spec's other names, and defaults alt to the title or 'Onboarding step'", () => {
    const [a, b] = parseSteps({ steps: [{ title: 'T', desc: 'D', image: '/x.jpg', imagewebp: 'x.webp' }, { caption: 'only text' }] }, base);
    expect(a).toMatchObject({
      id: 'step-1',
      caption: 'D',
      imageJpg: 'http://127.0.0.1:4321/x.jpg',
      imageWebp: 'http://127.0.0.1:4321/onboarding/x.webp',
      alt: 'T',
      note: null,
    });
    expect(b).toMatchObject({ id: 'step-2', title: '', alt: 'Onboarding step', imageJpg: null, imageWebp: null });
  });

  it('gives an empty list for anything that is not a steps file, and drops empty entries', () => {
    expect(parseSteps(null, base)).toEqual([]);
    expect(parseSteps({ steps: 'no' }, base)).toEqual([]);
    expect(parseSteps([1, null, {}, { title: '  ' }], base)).toEqual([]);
  });
});

describe('clampStep', () => {
  it('restores a saved step inside the range and clamps one outside it', () => {
    expect(clampStep('2', 5)).toBe(2);
    expect(clampStep('9', 5)).toBe(4);
    expect(clampStep('-3', 5)).toBe(0);
    expect(clampStep('x', 5)).toBe(0);
    expect(clampStep(null, 5)).toBe(0);
    expect(clampStep('3', 0)).toBe(0);
  });
});

describe('withKeys', () => {
  it('writes the keys of the keybindings table into a caption', () => {
    expect(withKeys('Press {{key:help}}, then {{key:undo}}.')).toBe('Press <kbd>F1</kbd>, then <kbd>Ctrl+Z (Cmd+Z on Mac)</kbd>.');
  });

  it('leaves an unknown action as written', () => {
    expect(withKeys('{{key:fly}}')).toBe('{{key:fly}}');
  });
});
