import { flowMessages } from '../messages.js';
import type { FlowDocument } from '../model/types.js';
import { FlowConflictError, providerDetails } from './errors.js';
import { isFlowDocument, isPlanList, isRecord } from './guards.js';
import type { PlanSummary } from './guards.js';
import { planPath } from './paths.js';
import { requirePlanVersion } from './planCalls.js';
import { expectShape, parseJson } from './transport.js';
import type { Call, Reply, Transport } from './transport.js';

export interface SavedFlow {
  /** The document's new version; null when the provider sent none. */
  etag: string | null;
}

export interface LoadedFlow {
  doc: FlowDocument;
  /** The version to send back as `If-Match`; null when the provider sent none. */
  etag: string | null;
}

/** The local provider's extensions (ARCHITECTURE section 4): whole documents and the plan list. */
export interface FlowCalls {
  /** GET /api/flows/{planId}/{versionName}: the document and its ETag, or null when there is none. */
  getFlow(planId: string, versionName: string): Promise<LoadedFlow | null>;
  /** PUT /api/flows/{planId}/{versionName}: saves the document; a stale `ifMatch` throws FlowConflictError. */
  putFlow(planId: string, versionName: string, doc: FlowDocument, ifMatch?: string): Promise<SavedFlow>;
  /** GET /api/plans: every plan with its version names. */
  listPlans(): Promise<PlanSummary[]>;
}

/** The flow-document calls over one transport, bearer token included when set. */
export function createFlowCalls(transport: Transport, token?: string): FlowCalls {
  return {
    async getFlow(planId, versionName) {
      requirePlanVersion(planId, versionName);
      const path = planPath('flows', planId, versionName);
      const call: Call = { method: 'GET', path, audience: 'plan', failure: flowMessages.failedToLoadFlow };
      const reply = await transport.exchange(call);
      if (reply.status === 404) return null;
      if (!reply.ok) throw transport.httpError(call, reply);
      return { doc: expectShape(parseJson(reply.text), isFlowDocument), etag: reply.headers.get('ETag') };
    },
    async putFlow(planId, versionName, doc, ifMatch) {
      requirePlanVersion(planId, versionName);
      const call: Call = {
        method: 'PUT',
        path: planPath('flows', planId, versionName),
        audience: 'plan',
        body: doc,
        failure: flowMessages.failedToSaveFlow,
        ...(ifMatch === undefined ? {} : { headers: { 'If-Match': ifMatch } }),
      };
      const reply = await transport.exchange(call);
      if (reply.status === 412) throw conflict(reply, token);
      if (!reply.ok) throw transport.httpError(call, reply);
      return { etag: reply.headers.get('ETag') ?? etagOfBody(reply.text) };
    },
    async listPlans() {
      const failure = flowMessages.failedToListPlans;
      const call: Call = { method: 'GET', path: '/api/plans', audience: 'plan', failure };
      return transport.send(call, (json) => {
        const body = expectShape(json, isPlanList);
        return Array.isArray(body) ? body : body.plans;
      });
    },
  };
}

function conflict(reply: Reply, token: string | undefined): FlowConflictError {
  const details = { status: reply.status, ...providerDetails(reply.text, token) };
  return new FlowConflictError(flowMessages.flowChangedElsewhere, details, reply.headers.get('ETag'));
}

function etagOfBody(text: string): string | null {
  const json = parseJson(text);
  return isRecord(json) && typeof json.etag === 'string' ? json.etag : null;
}
