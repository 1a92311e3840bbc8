/** The plan-scoped call families of spec section 7. */
export type PlanScope = 'gpt' | 'mate' | 'flows';

const segment = (value: string): string => encodeURIComponent(value);

/** `/api/{scope}/{planId}/{versionName}` plus an optional action, every part encoded. */
export function planPath(scope: PlanScope, planId: string, versionName: string, action?: string): string {
  const base = `/api/${scope}/${segment(planId)}/${segment(versionName)}`;
  return action === undefined ? base : `${base}/${action}`;
}

/** `/api/workflows/plans/{planId}`. */
export function workflowsPath(planId: string): string {
  return `/api/workflows/plans/${segment(planId)}`;
}

/**
 * What a plan's editor page asks the provider for before its first frame: the flow and the plan's
 * workflows (the nodes wait for both). The page starts these GETs at once, and the provider names
 * them as preloads in the page it serves, so that they run while the editor's code loads.
 */
export function planPageGets(planId: string, versionName: string): string[] {
  return [planPath('flows', planId, versionName), workflowsPath(planId)];
}

/** The embedded create-workflow page: `/hosted/create-workflow/{planId|default}`. */
export function createWorkflowPath(planId?: string): string {
  return `/hosted/create-workflow/${planId ? segment(planId) : 'default'}`;
}

/** The dashboard of a plan version: `/dashboard/{planId}/{versionName}`. */
export function dashboardPath(planId: string, versionName: string): string {
  return `/dashboard/${segment(planId)}/${segment(versionName)}`;
}

/** The Conversations page of a plan version's dashboard. */
export function conversationsPagePath(planId: string, versionName: string): string {
  return `${dashboardPath(planId, versionName)}/conversations`;
}

/** The provider's Secrets page (the dashboard's secret store). */
export const SECRETS_PAGE_PATH = '/dashboard/secrets';

/** The provider's Keys page (the dashboard's agent keys). */
export const KEYS_PAGE_PATH = '/dashboard/keys';

/** Joins a base URL (trailing slashes dropped; '' means same origin) and an absolute path. */
export function joinUrl(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
