import type { PublishEntry } from '../store/publishStore.js';
import { PLAN_PAGES, dashboardLayout, type DashboardFrame, type PlanVersion } from './dashboardLayout.js';
import { html, timeHtml, type Html } from './html.js';

/** The text shown when a version has never been published. */
export const NOTHING_PUBLISHED = 'Nothing published yet';

function texts(entry: PublishEntry): Html {
  return html`
<h3>Prefix (agent context)</h3><pre>${entry.system_message_prefix || '(empty)'}</pre>
<h3>System message</h3><pre>${entry.system_message || '(empty)'}</pre>
<h3>Suffix (agent notes and style)</h3><pre>${entry.system_message_suffix || '(empty)'}</pre>`;
}

const when = (entry: PublishEntry): Html => timeHtml(entry.publishedAt);

/** The button that publishes an earlier publish's flow again. */
export const ROLL_BACK = 'Roll back to this';

/** What a publish says of itself: when, and which earlier one it brought back. */
function published(entry: PublishEntry, byId: ReadonlyMap<string, PublishEntry>): Html {
  const target = entry.rollbackOf === undefined ? undefined : byId.get(entry.rollbackOf);
  const back = entry.rollbackOf === undefined ? html`` : html` · rolled back to the publish of ${target ? when(target) : entry.rollbackOf}`;
  return html`Published ${when(entry)}${back}`;
}

function rollbackForm(planId: string, versionName: string, entry: PublishEntry): Html {
  const action = `/dashboard/${encodeURIComponent(planId)}/${encodeURIComponent(versionName)}/rollback/${encodeURIComponent(entry.id)}`;
  return html`<form method="post" action="${action}"><button type="submit" class="btn">${ROLL_BACK}</button></form>`;
}

/** The Publishes page of a plan version: the published prompt, when, and the earlier publishes (newest first). */
export function dashboardPage(frame: DashboardFrame, at: PlanVersion, entries: readonly PublishEntry[]): string {
  const { planId, versionName } = at;
  const [latest, ...earlier] = entries;
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const current = latest
    ? html`<section class="card" id="published"><p>${published(latest, byId)}</p>${texts(latest)}</section>`
    : html`<p class="card muted" id="published">${NOTHING_PUBLISHED}</p>`;
  const history =
    earlier.length === 0
      ? html``
      : html`<h2>Earlier publishes</h2><ol id="history">${earlier.map(
          (entry) =>
            html`<li class="card"><details><summary>${published(entry, byId)}</summary>${texts(entry)}</details>${rollbackForm(planId, versionName, entry)}</li>`,
        )}</ol>`;
  const body = html`
<h1>${PLAN_PAGES.publishes.title}</h1>
<p class="muted">The last publish of <strong>${planId}/${versionName}</strong> (what Play and <code>flowctl publish</code> make live) and the earlier ones.</p>
${current}
${history}`;
  return dashboardLayout(frame, 'publishes', body);
}
