import { keyMessages, relativeTime } from '@flow/core';
import type { KeyCreatedReport, KeyRevokedReport, KeysListReport } from '../../reports.js';
import type { TextTarget } from '../textTarget.js';
import { table } from './providerText.js';

/** The new key alone on stdout (so it can be piped), and on stderr that it will not be shown again. */
export function keyCreatedText(report: KeyCreatedReport, t: TextTarget): void {
  t.info(t.style.green(keyMessages.keyCreated(report.name)));
  t.out(report.key);
  t.error(t.errStyle.yellow(keyMessages.keyShownOnce));
}

/** A table of the keys: what each may do and when it was last used; never a key. */
export function keysListText(report: KeysListReport, t: TextTarget): void {
  if (report.keys.length === 0) {
    t.out(`No keys on ${report.apiUrl}: create one with flowctl keys create --name NAME`);
    return;
  }
  const when = (iso: string | null): string => (iso === null ? 'never' : relativeTime(iso) || iso);
  table(
    t,
    ['NAME', 'PREFIX', 'AGENTS', 'ORIGINS', 'RATE', 'CREATED', 'LAST USED'],
    report.keys.map((key) => [
      key.name,
      `${key.prefix}…`,
      key.agents.length === 0 ? 'all' : key.agents.join(','),
      key.origins.length === 0 ? '-' : key.origins.join(','),
      `${key.rate}/min`,
      when(key.created),
      when(key.lastUsed),
    ]),
  );
}

/** That the key is revoked, in the dashboard's words. */
export function keyRevokedText(report: KeyRevokedReport, t: TextTarget): void {
  t.out(t.style.green(keyMessages.keyRevoked(report.name)));
}
