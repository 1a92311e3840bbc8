import { describe, expect, it } from 'vitest';
import { filterFunctions, QUICK_FUNCTIONS, SEE_A_WEBSITE, withSeeAWebsite } from './quickFunctions.js';
import type { PaletteFunction } from './quickFunctions.js';

describe('QUICK_FUNCTIONS', () => {
  it('lists the six quick functions in bar order', () => {
    expect(QUICK_FUNCTIONS.map((f) => f.name)).toEqual([
      'Instruct',
      'Custom GPT',
      'HTTP Calls',
      'Capture Variable',
      'See a Website',
      'Send Workflow',
    ]);
    expect(QUICK_FUNCTIONS.map((f) => f.type)).toEqual([
      'instruct',
      'custom_gpt',
      'http_calls',
      'capture_variables',
      'see_website',
      'send_workflow',
    ]);
  });

  it("has the tooltip 'Add {name}' for enabled entries", () => {
    expect(QUICK_FUNCTIONS[0]?.tooltip).toBe('Add Instruct');
    expect(QUICK_FUNCTIONS[1]?.tooltip).toBe('Add Custom GPT');
    expect(QUICK_FUNCTIONS[2]?.tooltip).toBe('Add HTTP Calls');
    expect(QUICK_FUNCTIONS[3]?.tooltip).toBe('Add Capture Variable');
  });

  it("has See a Website disabled with 'Coming soon', a globe and an empty url", () => {
    expect(SEE_A_WEBSITE).toEqual({
      type: 'see_website',
      name: 'See a Website',
      description: 'Open a website (coming soon)',
      trigger_text: '🌐',
      metadata: { url: '' },
      disabled: true,
      tooltip: 'Coming soon',
    });
  });

  it('has Send Workflow open the workflow selector, with a clipboard', () => {
    const send = QUICK_FUNCTIONS.find((f) => f.type === 'send_workflow');
    expect(send).toMatchObject({ tooltip: 'Open workflow selector', trigger_text: '📋', disabled: false });
  });

  it('gives capture_variables its variables and every entry a description', () => {
    expect(QUICK_FUNCTIONS.find((f) => f.type === 'capture_variables')?.metadata).toEqual({ variables: [] });
    expect(QUICK_FUNCTIONS.every((f) => f.description !== '')).toBe(true);
  });
});

describe('withSeeAWebsite', () => {
  it('appends See a Website when no function has its type', () => {
    const list: PaletteFunction[] = [{ name: 'A', description: '', type: 'instruct' }];
    expect(withSeeAWebsite(list)).toEqual([...list, SEE_A_WEBSITE]);
  });

  it('keeps the list as it is when a see_website function is present', () => {
    const list: PaletteFunction[] = [{ name: 'Browse', description: '', type: 'see_website' }];
    expect(withSeeAWebsite(list)).toEqual(list);
  });

  it('does not change its input', () => {
    const list: PaletteFunction[] = [];
    withSeeAWebsite(list);
    expect(list).toEqual([]);
  });
});

describe('filterFunctions', () => {
  it('matches name, description and type, ignoring case', () => {
    expect(filterFunctions(QUICK_FUNCTIONS, 'http').map((f) => f.name)).toEqual(['HTTP Calls']);
    expect(filterFunctions(QUICK_FUNCTIONS, 'COMING SOON').map((f) => f.name)).toEqual(['See a Website']);
    expect(filterFunctions(QUICK_FUNCTIONS, 'capture_var').map((f) => f.name)).toEqual(['Capture Variable']);
  });

  it('returns every valid entry for an empty query', () => {
    expect(filterFunctions(QUICK_FUNCTIONS, '')).toHaveLength(6);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterFunctions(QUICK_FUNCTIONS, 'zzz')).toEqual([]);
  });

  it('excludes entries with an empty name or no type, whatever the query', () => {
    const list: PaletteFunction[] = [
      { name: '', description: 'x', type: 'instruct' },
      { name: 'No type', description: 'x' },
      { name: 'Null type', description: 'x', type: null },
      { name: 'Good', description: 'x', type: 'instruct' },
    ];
    expect(filterFunctions(list, '').map((f) => f.name)).toEqual(['Good']);
    expect(filterFunctions(list, 'x').map((f) => f.name)).toEqual(['Good']);
  });

  it('tolerates a missing description', () => {
    expect(filterFunctions([{ name: 'Solo', type: 'instruct' }], 'solo')).toHaveLength(1);
  });
});
