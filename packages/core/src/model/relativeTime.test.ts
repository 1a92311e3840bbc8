import { describe, expect, it } from 'vitest';
import { idProblem, isId } from './ids.js';
import { exactTime, relativeTime } from './relativeTime.js';

describe('relativeTime', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('says how long ago in words, never as an ISO string', () => {
    expect(relativeTime('2026-11-23T11:59:40Z', now)).toBe('just now');
    expect(relativeTime('2026-11-23T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-23T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-22T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-02T12:00:00Z', now)).toBe('3 weeks ago');
    expect(relativeTime('not a date', now)).toBe('');
  });
  it('gives the exact time for a tooltip', () => {
    expect(exactTime('2026-11-23T12:00:00Z', 'en-GB')).toMatch(/23 Nov 2026/);
  });
});

describe('the id rule', () => {
  it('accepts what may be a file name and says why anything else is refused', () => {
    expect(isId('support-desk')).toBe(true);
    expect(idProblem('support-desk')).toBeNull();
    expect(idProblem('my plan')).toMatch(/letters, digits/);
    expect(idProblem('-x')).toMatch(/starting with a letter or digit/);
    expect(idProblem('__proto__')).toMatch(/reserved/);
    expect(idProblem('a'.repeat(65))).not.toBeNull();
  });
});
