import { describe, expect, it } from 'vitest';
import { renderSettings } from './renderSettings.js';

describe('renderSettings', () => {
  it('flattens nested settings into sorted dotted paths and leaves out empty values', () => {
    const lines = renderSettings({ b: { y: 2, x: 'one' }, a: [true, null], c: '' }, '  ');
    expect(lines).toEqual(['  - a[0]: true', '  - b.x: "one"', '  - b.y: 2']);
  });

  it('hides the values of secret-named fields and bearer credentials', () => {
    const lines = renderSettings({ api_key: { key: 'sk-live-123' }, nested: { accessToken: 'tok-9' }, auth: 'Bearer abc.def' }, '').join(
      '\n',
    );
    expect(lines).toContain('api_key: (hidden)');
    expect(lines).toContain('nested.accessToken: (hidden)');
    expect(lines).toContain('auth: (hidden)');
    expect(lines).not.toMatch(/sk-live|tok-9|abc\.def/);
  });

  it('quotes keys that are not plain names so they cannot break a line', () => {
    expect(renderSettings({ 'two\nwords': 1 }, '')).toEqual(['- "two\\nwords": 1']);
  });
});
