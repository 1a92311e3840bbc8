import { LIGHTNING } from '@flow/core';

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter() : null;

/** Characters as a person counts them (grapheme clusters), so one emoji counts as one. */
function characterCount(text: string): number {
  if (!segmenter) return Array.from(text).length;
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

// A flow has few distinct trigger texts; counting graphemes at every render of every node is not free.
const badges = new Map<string, string>();

/** The badge shows the trigger-text emoji, lightning by default, and 'T' above 3 characters. */
export function badgeText(triggerText: string | undefined): string {
  if (!triggerText) return LIGHTNING;
  let badge = badges.get(triggerText);
  if (badge === undefined) {
    badge = characterCount(triggerText) > 3 ? 'T' : triggerText;
    if (badges.size > 1000) badges.clear();
    badges.set(triggerText, badge);
  }
  return badge;
}
