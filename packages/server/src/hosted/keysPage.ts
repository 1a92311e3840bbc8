import { DEFAULT_KEY_RATE, ID_PATTERN, KEYS_PAGE_PATH, MAX_KEY_RATE, MIN_KEY_RATE, keyMessages, type AgentKeySummary } from '@flow/core';
import { LAYOUT_TEXT, dashboardLayout, type DashboardFrame } from './dashboardLayout.js';
import { html, timeHtml, type Html } from './html.js';

/** The dashboard's Keys page: its address (core's) and words. */
export { KEYS_PAGE_PATH };
export const KEYS_TEXT = {
  title: LAYOUT_TEXT.keys,
  intro:
    'Agent keys let other apps, chat clients and web pages talk to your published agents (/v1 and /mcp). They open nothing else. The provider keeps only a hash of each key.',
  createHeading: 'Create a key',
  name: 'Name',
  agents: 'Agents (optional)',
  agentsHint: 'PLAN or PLAN/VERSION, separated by spaces; empty: every published agent',
  origins: 'Web origins (optional)',
  originsHint: 'Pages that may use the key from a browser, e.g. https://shop.example.com; empty: none',
  rate: 'Requests a minute',
  create: 'Create key',
  stored: 'Your keys',
  none: 'No keys yet',
  everyAgent: 'every published agent',
  noBrowser: 'no browser',
  neverUsed: 'never used',
  newKey: 'Your new key',
  back: 'Back to the keys',
  revoke: (name: string) => `Revoke ${name}`,
  confirm: (name: string) => `Revoke the key ${name}?`,
  confirmText: 'Every app and page that uses it is refused at once. This cannot be undone.',
  cancel: 'Cancel',
} as const;

/** Where a key's Revoke link leads (a page that asks first) and where its confirmation posts. */
export const revokeKeyPath = (name: string): string => `${KEYS_PAGE_PATH}/revoke/${encodeURIComponent(name)}`;

/** What the create form held, shown again when it was refused. */
export interface KeyForm {
  name: string;
  agents: string;
  origins: string;
  rate: string;
}

const EMPTY_FORM: KeyForm = { name: '', agents: '', origins: '', rate: String(DEFAULT_KEY_RATE) };

function noticeHtml(notice: { ok: boolean; text: string } | undefined): Html {
  return notice === undefined
    ? html``
    : html`<p class="${notice.ok ? 'ok' : 'error'}" role="${notice.ok ? 'status' : 'alert'}">${notice.text}</p>`;
}

function keyItem(key: AgentKeySummary): Html {
  const agents = key.agents.length === 0 ? KEYS_TEXT.everyAgent : key.agents.join(', ');
  const origins = key.origins.length === 0 ? KEYS_TEXT.noBrowser : key.origins.join(', ');
  const used = key.lastUsed === null ? html`${KEYS_TEXT.neverUsed}` : html`used ${timeHtml(key.lastUsed)}`;
  return html`<li class="card spread"><span><strong>${key.name}</strong> <code>${key.prefix}…</code><br>
<span class="muted">Agents: ${agents} · Origins: ${origins} · ${key.rate} a minute · created ${timeHtml(key.created)} · ${used}</span></span>
<a href="${revokeKeyPath(key.name)}" aria-label="${KEYS_TEXT.revoke(key.name)}">Revoke</a></li>`;
}

const heading = html`<h1>${KEYS_TEXT.title}</h1>`;

/** The Keys page: the form to create one and the keys (never a key's text, which only its creation shows). */
export function keysPage(
  frame: DashboardFrame,
  keys: readonly AgentKeySummary[],
  notice?: { ok: boolean; text: string },
  form: KeyForm = EMPTY_FORM,
): string {
  const list =
    keys.length === 0
      ? html`<p class="muted" id="keys">${KEYS_TEXT.none}</p>`
      : html`<ul id="keys" class="plain">${keys.map(keyItem)}</ul>`;
  const body = html`
${heading}
<p class="muted">${KEYS_TEXT.intro}</p>
${noticeHtml(notice)}
<section class="card"><h2>${KEYS_TEXT.createHeading}</h2>
<form method="post" action="${KEYS_PAGE_PATH}" autocomplete="off">
<label for="key-name">${KEYS_TEXT.name}</label><input id="key-name" name="name" required pattern="${ID_PATTERN.source.slice(1, -1)}" spellcheck="false" value="${form.name}">
<label for="key-agents">${KEYS_TEXT.agents}</label><input id="key-agents" name="agents" spellcheck="false" aria-describedby="key-agents-hint" value="${form.agents}">
<p class="muted" id="key-agents-hint">${KEYS_TEXT.agentsHint}</p>
<label for="key-origins">${KEYS_TEXT.origins}</label><input id="key-origins" name="origins" spellcheck="false" aria-describedby="key-origins-hint" value="${form.origins}">
<p class="muted" id="key-origins-hint">${KEYS_TEXT.originsHint}</p>
<label for="key-rate">${KEYS_TEXT.rate}</label><input id="key-rate" name="rate" type="number" required min="${MIN_KEY_RATE}" max="${MAX_KEY_RATE}" step="1" value="${form.rate}">
<p><button type="submit">${KEYS_TEXT.create}</button></p></form></section>
<h2>${KEYS_TEXT.stored}</h2>
${list}`;
  return dashboardLayout(frame, 'keys', body);
}

/** The answer to a created key: the key once, in a read-only field to copy, and that it will not be shown again. */
export function createdKeyPage(frame: DashboardFrame, key: AgentKeySummary & { key: string }): string {
  const body = html`
${heading}
<p class="ok" role="status">${keyMessages.keyCreated(key.name)}</p>
<section class="card"><h2>${KEYS_TEXT.newKey}</h2>
<label for="new-key">Key ${key.name}</label><input id="new-key" readonly value="${key.key}" spellcheck="false" autocomplete="off" aria-describedby="new-key-note" style="font-family:ui-monospace,monospace">
<p id="new-key-note"><strong>${keyMessages.keyShownOnce}</strong></p></section>
<p><a href="${KEYS_PAGE_PATH}">${KEYS_TEXT.back}</a></p>`;
  return dashboardLayout(frame, 'keys', body, KEYS_TEXT.newKey);
}

/** The step before revoking: what it does, the button that does it, and a way back. */
export function revokeKeyPage(frame: DashboardFrame, key: AgentKeySummary): string {
  const body = html`
${heading}
<section class="card"><h2>${KEYS_TEXT.confirm(key.name)}</h2>
<p>${KEYS_TEXT.confirmText}</p>
<form method="post" action="${revokeKeyPath(key.name)}"><button type="submit" class="quiet">${KEYS_TEXT.revoke(key.name)}</button> <a href="${KEYS_PAGE_PATH}" style="margin-left:12px">${KEYS_TEXT.cancel}</a></form></section>`;
  return dashboardLayout(frame, 'keys', body, KEYS_TEXT.revoke(key.name));
}
