import { KEYS_PAGE_PATH, SECRETS_PAGE_PATH, conversationsPagePath, dashboardPath } from '@flow/core';
import type { PlanSummary } from '../store/flowStore.js';
import { html, page, type Html } from './html.js';

/** A plan and one of its versions. */
export interface PlanVersion {
  planId: string;
  versionName: string;
}

/** What every dashboard page's header shows: the plans to switch between, the one shown, the pages. */
export interface DashboardFrame {
  plans: readonly PlanSummary[];
  /** The plan version the plan's pages (Publishes, Conversations) and the editor link are of; null when there is no plan. */
  at: PlanVersion | null;
  /** True when the provider has a secret store (it can seal values): then Secrets is one of the pages. */
  secrets: boolean;
}

/** Builds the frame of a page of `at` (a provider-wide page passes null: the first plan is shown). */
export type DashboardFrameOf = (at: PlanVersion | null) => Promise<DashboardFrame>;

/** The version a plan opens on: production when it has one, as the editor's plan home. */
const DEFAULT_VERSION = 'production';

/** The frame over the provider's plans. */
export function dashboardFrames(listPlans: () => Promise<PlanSummary[]>, secrets: boolean): DashboardFrameOf {
  return async (at) => {
    const plans = await listPlans();
    const first = plans[0];
    const shown =
      at ??
      (first === undefined
        ? null
        : {
            planId: first.planId,
            versionName: first.versions.includes(DEFAULT_VERSION) ? DEFAULT_VERSION : (first.versions[0] ?? DEFAULT_VERSION),
          });
    return { plans, at: shown, secrets };
  };
}

/** The dashboard's pages, in the order of its navigation. */
export type DashboardPageId = 'publishes' | 'conversations' | 'keys' | 'secrets';

/** The switcher's form: GET /dashboard?at=plan/version&page=... goes to that page of that plan version. */
export const DASHBOARD_SWITCH_PATH = '/dashboard';

/** The pages a plan version has, by id: where the switcher goes. */
export const PLAN_PAGES = {
  publishes: { title: 'Publishes', path: dashboardPath },
  conversations: { title: 'Conversations', path: conversationsPagePath },
} as const;

export const LAYOUT_TEXT = {
  brand: 'Flow dashboard',
  switcher: 'Plan version',
  go: 'Go',
  editor: 'Open in the editor',
  nav: 'Dashboard',
  keys: 'Keys',
  secrets: 'Secrets',
} as const;

/** The editor's address of a plan version (as its plan home links it). */
const editorPath = (at: PlanVersion): string => `/${encodeURIComponent(at.planId)}/${encodeURIComponent(at.versionName)}`;

function switcher(frame: DashboardFrame, current: DashboardPageId): Html {
  const { at } = frame;
  if (at === null) return html``;
  // The plan version shown is an option even when the store does not list it (never written).
  const plans = frame.plans.some((plan) => plan.planId === at.planId && plan.versions.includes(at.versionName))
    ? frame.plans
    : [...frame.plans, { planId: at.planId, versions: [at.versionName], updatedAt: null, nodeCount: null }];
  const groups = plans.map(
    (plan) =>
      html`<optgroup label="${plan.planId}">${plan.versions.map((version) => {
        const value = `${plan.planId}/${version}`;
        return plan.planId === at.planId && version === at.versionName
          ? html`<option value="${value}" selected>${value}</option>`
          : html`<option value="${value}">${value}</option>`;
      })}</optgroup>`,
  );
  const target = current === 'conversations' ? 'conversations' : 'publishes';
  return html`<form method="get" action="${DASHBOARD_SWITCH_PATH}" class="switcher">
<label for="switch-at">${LAYOUT_TEXT.switcher}</label><select id="switch-at" name="at">${groups}</select>
<input type="hidden" name="page" value="${target}"><button type="submit">${LAYOUT_TEXT.go}</button></form>
<a href="${editorPath(at)}">${LAYOUT_TEXT.editor}</a>`;
}

function navLink(title: string, path: string, current: boolean): Html {
  return current ? html`<li><a href="${path}" aria-current="page">${title}</a></li>` : html`<li><a href="${path}">${title}</a></li>`;
}

function header(frame: DashboardFrame, current: DashboardPageId): Html {
  const { at } = frame;
  const planLinks =
    at === null
      ? []
      : (['publishes', 'conversations'] as const).map((id) =>
          navLink(PLAN_PAGES[id].title, PLAN_PAGES[id].path(at.planId, at.versionName), id === current),
        );
  const links = [
    ...planLinks,
    navLink(LAYOUT_TEXT.keys, KEYS_PAGE_PATH, current === 'keys'),
    ...(frame.secrets ? [navLink(LAYOUT_TEXT.secrets, SECRETS_PAGE_PATH, current === 'secrets')] : []),
  ];
  return html`<header class="bar"><div><span class="brand">${LAYOUT_TEXT.brand}</span>
${switcher(frame, current)}
<nav aria-label="${LAYOUT_TEXT.nav}"><ul>${links}</ul></nav></div></header>`;
}

/** The title of a page's section: a plan's pages name the plan version, the provider's do not. */
function sectionTitle(frame: DashboardFrame, current: DashboardPageId): string {
  if (current === 'keys') return LAYOUT_TEXT.keys;
  if (current === 'secrets') return LAYOUT_TEXT.secrets;
  const at = frame.at;
  return at === null ? PLAN_PAGES[current].title : `${PLAN_PAGES[current].title} · ${at.planId}/${at.versionName}`;
}

/**
 * A dashboard page: the one header (switcher, editor link, pages with `current` marked), then
 * `body` in main; titled '{what} · {Page} · {plan}/{version} — Flow' (`what` for a sub-page).
 */
export function dashboardLayout(frame: DashboardFrame, current: DashboardPageId, body: Html, what?: string): string {
  const title = `${what === undefined ? '' : `${what} · `}${sectionTitle(frame, current)} — Flow`;
  return page(title, body, { header: header(frame, current) });
}
