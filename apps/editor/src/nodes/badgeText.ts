import { LIGHTNING } from '@flow/core';

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter() : null;

/** Characters as a person counts them (grapheme clusters), so one emoji counts as one. */
function characterCount(text: string): number {
  if (!segmenter) return Array.from(text).length;
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

/** The badge shows the trigger-text emoji, lightning by default, and 'T' above 3 characters. */
export function badgeText(triggerText: string | undefined): string {
  if (!triggerText) return LIGHTNING;
  return characterCount(triggerText) > 3 ? 'T' : triggerText;
}
