import { exactTime, flowMessages, relativeTime, type PlanSummary } from '@flow/core';
import { DEFAULT_VERSION } from '../route';
import { el } from './dom';

/** The editor's address of a plan version. */
export const planPath = (planId: string, versionName: string) => `/${encodeURIComponent(planId)}/${encodeURIComponent(versionName)}`;

/** What the home knows of the provider's plans. */
export type Plans = { state: 'loading' } | { state: 'error'; message: string } | { state: 'loaded'; plans: PlanSummary[] };

/** The version a plan's own link opens: production when it has one, else its first. */
const openedVersion = (plan: PlanSummary): string =>
  plan.versions.includes(DEFAULT_VERSION) ? DEFAULT_VERSION : (plan.versions[0] ?? DEFAULT_VERSION);

/** One plan: its link, a link per version, its last change (exact time on hover) and its node count. */
function planRow(plan: PlanSummary): HTMLLIElement {
  const row = el(
    'li',
    { className: 'plan-row' },
    el('a', { className: 'plan-link', text: plan.planId, attrs: { href: planPath(plan.planId, openedVersion(plan)) } }),
    el(
      'span',
      { className: 'plan-versions' },
      ...plan.versions.map((v) => el('a', { className: 'plan-version', text: v, attrs: { href: planPath(plan.planId, v) } })),
    ),
  );
  if (plan.updatedAt) {
    const attrs = { datetime: plan.updatedAt, title: exactTime(plan.updatedAt) };
    row.append(el('time', { className: 'plan-updated', text: relativeTime(plan.updatedAt), attrs }));
  }
  if (typeof plan.nodeCount === 'number') row.append(el('span', { className: 'plan-nodes', text: flowMessages.nodeCount(plan.nodeCount) }));
  return row;
}

/** The plan list's place on the page: loading, the error, 'no plans yet' or one row per plan. */
export function planListView(plans: Plans): HTMLElement {
  switch (plans.state) {
    case 'loading':
      return el('p', { text: flowMessages.loadingPlans, attrs: { role: 'status' } });
    case 'error':
      return el('p', { className: 'plan-home-error', text: plans.message, attrs: { role: 'alert' } });
    case 'loaded':
      return plans.plans.length === 0
        ? el('p', { text: flowMessages.noPlans })
        : el('ul', { className: 'plan-list' }, ...plans.plans.map(planRow));
  }
}
