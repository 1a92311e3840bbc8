import { SECRETS_PAGE_PATH } from '@flow/core';
import type { SecretSummary } from '../secrets/secretVault.js';
import { LAYOUT_TEXT, dashboardLayout, type DashboardFrame } from './dashboardLayout.js';
import { html, timeHtml } from './html.js';

/** The dashboard's Secrets page: its address (core's, which the editor links to) and words. */
export { SECRETS_PAGE_PATH };
export const SECRETS_TEXT = {
  title: LAYOUT_TEXT.secrets,
  intro:
    'A flow names a secret as { "env": "NAME" }; the provider fills it in when a tool runs. Values are encrypted at rest and never shown again.',
  setHeading: 'Set a secret',
  name: 'Name',
  value: 'Value',
  save: 'Save secret',
  stored: 'Stored secrets',
  none: 'No secrets yet',
  remove: (name: string) => `Delete ${name}`,
} as const;

/** Where a secret's Delete button posts. */
export const deleteSecretPath = (name: string): string => `${SECRETS_PAGE_PATH}/delete/${encodeURIComponent(name)}`;

/** The Secrets page: a form to set one (the value is never echoed back) and the names with when each was set. */
export function secretsPage(frame: DashboardFrame, secrets: readonly SecretSummary[], notice?: { ok: boolean; text: string }): string {
  const message =
    notice === undefined
      ? html``
      : html`<p class="${notice.ok ? 'ok' : 'error'}" role="${notice.ok ? 'status' : 'alert'}">${notice.text}</p>`;
  const list =
    secrets.length === 0
      ? html`<p class="muted" id="secrets">${SECRETS_TEXT.none}</p>`
      : html`<ul id="secrets" class="plain">${secrets.map(
          (secret) =>
            html`<li class="card spread"><span><code>${secret.name}</code> <span class="muted">set ${timeHtml(secret.updatedAt)}</span></span>
<form method="post" action="${deleteSecretPath(secret.name)}"><button type="submit" class="quiet" aria-label="${SECRETS_TEXT.remove(secret.name)}">Delete</button></form></li>`,
        )}</ul>`;
  const body = html`
<h1>${SECRETS_TEXT.title}</h1>
<p class="muted">${SECRETS_TEXT.intro}</p>
${message}
<section class="card"><h2>${SECRETS_TEXT.setHeading}</h2>
<form method="post" action="${SECRETS_PAGE_PATH}" autocomplete="off"><div class="row">
<div><label for="secret-name">${SECRETS_TEXT.name}</label><input id="secret-name" name="name" required pattern="[A-Za-z][A-Za-z0-9_]{0,63}" spellcheck="false"></div>
<div><label for="secret-value">${SECRETS_TEXT.value}</label><input id="secret-value" name="value" type="password" required autocomplete="new-password"></div>
<button type="submit">${SECRETS_TEXT.save}</button></div></form></section>
<h2>${SECRETS_TEXT.stored}</h2>
${list}`;
  return dashboardLayout(frame, 'secrets', body);
}
