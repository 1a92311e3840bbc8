import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSteps, preloadSteps } from './loadSteps';

const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('window', { location: { href: 'http://127.0.0.1:4321/support-desk/production' } });
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(new Response(JSON.stringify([{ title: `Welcome ${asked.length}` }])));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadSteps', () => {
  it('takes the steps file asked for ahead (preloadSteps) once, and asks again afterwards', async () => {
    preloadSteps();
    expect(asked).toEqual(['http://127.0.0.1:4321/onboarding/steps.json']);
    expect((await loadSteps()).map((s) => s.title)).toEqual(['Welcome 1']);
    expect(asked).toHaveLength(1);
    expect((await loadSteps()).map((s) => s.title)).toEqual(['Welcome 2']);
    expect(asked).toHaveLength(2);
  });

  it('asks for the steps file itself when nothing was asked for ahead', async () => {
    expect((await loadSteps()).map((s) => s.title)).toEqual(['Welcome 1']);
    expect(asked).toEqual(['http://127.0.0.1:4321/onboarding/steps.json']);
  });
});
