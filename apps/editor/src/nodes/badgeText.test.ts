import { describe, expect, it } from 'vitest';
import { badgeText } from './badgeText';

describe('badgeText', () => {
  it('shows lightning when there is no trigger text', () => {
    expect(badgeText('')).toBe('⚡');
    expect(badgeText(undefined)).toBe('⚡');
  });

  it('shows the emoji of the trigger text, counting a composed emoji as one character', () => {
    expect(badgeText('📋')).toBe('📋');
    expect(badgeText('👨‍👩‍👧‍👦')).toBe('👨‍👩‍👧‍👦');
  });

  it("shows 'T' when the text is longer than 3 characters", () => {
    expect(badgeText('abc')).toBe('abc');
    expect(badgeText('hello')).toBe('T');
  });
});
