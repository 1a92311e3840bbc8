/** What the address names: the plan id and its version (spec section 2, Routes). */
export interface EditorRoute {
  planId: string;
  versionName: string;
  /** Set when the address must be replaced, as '/{id}' is by '/{id}/production'. */
  replaceWith: string | null;
}

export const DEFAULT_VERSION = 'production';

/** Reads '/', '/{id}' and '/{id}/{version}'. */
export function parseRoute(pathname: string): EditorRoute {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [planId = '', versionName] = parts;
  if (!planId) return { planId: '', versionName: DEFAULT_VERSION, replaceWith: null };
  if (!versionName) {
    return { planId, versionName: DEFAULT_VERSION, replaceWith: `/${encodeURIComponent(planId)}/${DEFAULT_VERSION}` };
  }
  return { planId, versionName, replaceWith: null };
}
