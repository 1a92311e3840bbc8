const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * A date as people say it: 'just now', '5 minutes ago', 'yesterday', '3 weeks ago'. Dates are
 * never shown as raw ISO strings; the exact time goes in `exactTime` (a tooltip, say).
 * @example relativeTime('2026-11-23T10:00:00Z', Date.parse('2026-11-23T10:05:00Z')) // '5 minutes ago'
 */
export function relativeTime(iso: string, now = Date.now(), locale = 'en'): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const seconds = Math.round((at - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}

/** The exact local date and time of an ISO 8601 string, e.g. '23 Nov 2026, 10:05:00'. */
export function exactTime(iso: string, locale?: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });
}
