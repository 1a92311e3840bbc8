import { describe, expect, it } from 'vitest';
import { overflowSides, scrollStep } from './scrollStep';

describe('scrollStep', () => {
  it('scrolls by 70% of the visible width', () => {
    expect(scrollStep(1000)).toBe(700);
    expect(scrollStep(400)).toBe(280);
  });

  it('scrolls by at least 120 px', () => {
    expect(scrollStep(100)).toBe(120);
    expect(scrollStep(0)).toBe(120);
  });

  it('switches from the minimum to the ratio where 70% passes 120 px', () => {
    expect(scrollStep(171)).toBe(120);
    expect(scrollStep(172)).toBe(120);
    expect(scrollStep(180)).toBe(126);
  });
});

describe('overflowSides', () => {
  it('shows no arrow when the row fits', () => {
    expect(overflowSides(0, 600, 600)).toEqual({ left: false, right: false });
  });

  it('shows only the right arrow at the start of an overflowing row', () => {
    expect(overflowSides(0, 300, 600)).toEqual({ left: false, right: true });
  });

  it('shows both arrows in the middle and only the left one at the end', () => {
    expect(overflowSides(150, 300, 600)).toEqual({ left: true, right: true });
    expect(overflowSides(300, 300, 600)).toEqual({ left: true, right: false });
  });

  it('ignores sub-pixel remainders of zoomed pages', () => {
    expect(overflowSides(299.5, 300, 600)).toEqual({ left: true, right: false });
    expect(overflowSides(0.5, 300, 600)).toEqual({ left: false, right: true });
  });
});
