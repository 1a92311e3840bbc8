import { FUNCTION_CARDS, type QuickFunction } from '@flow/core';

/** Every function of the palette: a card per function type, the quick functions first. */
export const PALETTE_FUNCTIONS: readonly QuickFunction[] = FUNCTION_CARDS;

/** The palette entry of a function type, if it has one. */
export function findPaletteFunction(type: string): QuickFunction | undefined {
  return PALETTE_FUNCTIONS.find((fn) => fn.type === type);
}
