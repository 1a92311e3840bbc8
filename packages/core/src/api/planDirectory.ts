import type { FlowDocument } from '../format/types.js';
import { listPlansOver, putFlowOver } from './flowCalls.js';
import type { SavedFlow } from './flowCalls.js';
import type { PlanSummary } from './guards.js';
import { createTransport } from './transport.js';
import type { ClientOptions } from './transport.js';

/** The plan list and the creation of a plan: what a page listing the plans asks of a provider. */
export interface PlanDirectory {
  /** GET /api/plans: every plan with its version names. */
  listPlans(): Promise<PlanSummary[]>;
  /** PUT of a new plan's first document only if nobody has it (If-None-Match: *): FlowConflictError when someone does. */
  createPlan(planId: string, versionName: string, doc: FlowDocument): Promise<SavedFlow>;
}

/**
 * The same calls as createClient's listPlans and putFlow, without the rest of the client (its
 * document guards and validator), so that a page that only lists plans stays small.
 * @example const plans = await createPlanDirectory({ baseUrl: '' }).listPlans();
 */
export function createPlanDirectory(options: ClientOptions): PlanDirectory {
  const transport = createTransport(options);
  return {
    listPlans: () => listPlansOver(transport),
    createPlan: (planId, versionName, doc) => putFlowOver(transport, planId, versionName, doc, { create: true }),
  };
}
