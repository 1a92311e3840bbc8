import { checkFlow, isIncomplete, type FlowDocument, type Finding } from '@flow/core';
import { HttpError, badRequest } from './http/HttpError.js';

/** An empty flow or an unlinked node are states the editor passes through, so storing them is not refused. */
const blocksSave = (finding: Finding): boolean => finding.severity === 'error' && !isIncomplete(finding);

function invalid(errors: Finding[]): HttpError {
  return new HttpError(422, 'INVALID_FLOW', `The flow is not valid: ${errors[0]?.message ?? 'wrong shape'}`, {
    extra: { findings: errors },
  });
}

/**
 * The flow a write may store, with the findings that do not block it: core's checkFlow (the
 * limits, the schema, every invariant and the function rules, as `flowctl validate` runs them),
 * or 422 INVALID_FLOW with the errors. Every route that writes a flow stores only what passes it.
 */
export function checkedFlow(value: unknown): { doc: FlowDocument; findings: Finding[] } {
  const { doc, findings } = checkFlow(value);
  const errors = findings.filter(blocksSave);
  if (doc === undefined || errors.length > 0) throw invalid(errors.length > 0 ? errors : findings);
  return { doc, findings: findings.filter((f) => !blocksSave(f)) };
}

/** 400 PLAN_MISMATCH when the body names another plan or version than the URL: it is never silently replaced. */
export function requireSameIds(doc: FlowDocument, planId: string, versionName: string): void {
  if (doc.planId === planId && doc.versionName === versionName) return;
  throw badRequest(
    `The body is the flow ${doc.planId}/${doc.versionName} but the URL names ${planId}/${versionName}: planId and versionName must match the URL`,
    'PLAN_MISMATCH',
  );
}
