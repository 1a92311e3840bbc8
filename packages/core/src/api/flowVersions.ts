/**
 * The version (ETag) of each flow a client last loaded or wrote. Every write of that flow sends
 * it as `If-Match`, and every write the provider accepts replaces it, so a client's own writes
 * never make its next write stale, while a change made elsewhere is always refused (412).
 */
export interface FlowVersions {
  get(planId: string, versionName: string): string | null;
  set(planId: string, versionName: string, etag: string | null): void;
}

/** An empty version table (one per client). */
export function createFlowVersions(): FlowVersions {
  const etags = new Map<string, string>();
  const key = (planId: string, versionName: string): string => `${planId}\u0000${versionName}`;
  return {
    get: (planId, versionName) => etags.get(key(planId, versionName)) ?? null,
    set(planId, versionName, etag) {
      if (etag === null) etags.delete(key(planId, versionName));
      else etags.set(key(planId, versionName), etag);
    },
  };
}

/**
 * How a write of a flow may replace what the provider has. Without one, the client sends the
 * version it knows (If-Match) or, knowing none, nothing.
 * - `ifMatch`: only over that version (Overwrite after a conflict passes the provider's current one).
 * - `create`: only when the flow does not exist yet (`If-None-Match: *`).
 */
export type WritePrecondition = { ifMatch: string } | { create: true };

/** The headers of a write: its own precondition, else the known version, else none. */
export function preconditionHeaders(precondition: WritePrecondition | undefined, known: string | null): Record<string, string> {
  if (precondition !== undefined) return 'create' in precondition ? { 'If-None-Match': '*' } : { 'If-Match': precondition.ifMatch };
  return known === null ? {} : { 'If-Match': known };
}
