import { flowMessages } from '../messages.js';
import type { FlowDocument } from '../format/types.js';
import { flowJson } from '../format/sharedJson.js';
import { FLOW_NOT_FOUND, PlanNotFoundError, providerDetails } from './errors.js';
import type { WritePrecondition } from './flowVersions.js';
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

export interface PublishedFlow extends SavedFlow {
  /** When the provider recorded the publish (ISO time); null when it did not say. */
  publishedAt: string | null;
}

/** A rollback's publish: the flow an earlier publish stored, published again. */
export interface RolledBackFlow extends SavedFlow {
  /** The new publish's id. */
  id: string;
  publishedAt: string;
  /** The id of the earlier publish it brought back. */
  rollbackOf: string;
}

export interface LoadedFlow {
  doc: FlowDocument;
  /** The version to send back as `If-Match`; null when the provider sent none. */
  etag: string | null;
}

/** The local provider's extensions (ARCHITECTURE section 4): whole documents and the plan list. */
export interface FlowCalls {
  /**
   * GET /api/flows/{planId}/{versionName}: the document and its ETag (which becomes the known
   * version); null when the provider has no document endpoint. A plan version the provider does
   * not have throws PlanNotFoundError.
   */
  getFlow(planId: string, versionName: string): Promise<LoadedFlow | null>;
  /**
   * GET /api/flows/{planId}/{versionName}/published: the flow as last published; null when it was
   * never published or the provider has no such endpoint.
   */
  getPublishedFlow(planId: string, versionName: string): Promise<FlowDocument | null>;
  /** PUT /api/flows/{planId}/{versionName}: saves the document; a stale version throws FlowConflictError. */
  putFlow(planId: string, versionName: string, doc: FlowDocument, precondition?: WritePrecondition): Promise<SavedFlow>;
  /**
   * POST /api/flows/{planId}/{versionName}/publish: saves the document and records its publish as
   * one change; null when the provider has no such endpoint. A stale version throws FlowConflictError.
   */
  publishFlow(planId: string, versionName: string, doc: FlowDocument, precondition?: WritePrecondition): Promise<PublishedFlow | null>;
  /**
   * POST /api/flows/{planId}/{versionName}/rollback: publishes again the flow the earlier publish
   * `publishId` stored (its id is on the dashboard), recorded as a rollback of it.
   */
  rollbackPublish(planId: string, versionName: string, publishId: string): Promise<RolledBackFlow>;
  /** GET /api/plans: every plan with its version names. */
  listPlans(): Promise<PlanSummary[]>;
}

/** An answer that says the provider has no such endpoint (as opposed to no such plan). */
export function isMissingEndpoint(reply: Reply): boolean {
  if (reply.status === 405 || reply.status === 501) return true;
  return reply.status === 404 && providerDetails(reply.text, undefined).code !== FLOW_NOT_FOUND;
}

/** A write of a whole document: PUT, or POST to `action` ('publish'), carrying the precondition. */
function flowWriteCall(
  planId: string,
  versionName: string,
  doc: FlowDocument,
  action: string | undefined,
  precondition: WritePrecondition | undefined,
): Call {
  requirePlanVersion(planId, versionName);
  return {
    method: action === undefined ? 'PUT' : 'POST',
    path: planPath('flows', planId, versionName, action),
    audience: 'plan',
    // A flow one edit away from the last one sent is written from its unchanged parts' texts.
    bodyJson: flowJson(doc),
    failure: flowMessages.failedToSaveFlow,
    writes: { planId, versionName, ...(precondition === undefined ? {} : { precondition }) },
  };
}

const etagOf = (reply: Reply): string | null => reply.headers.get('ETag') ?? stringField(reply.text, 'etag');

/** PUT /api/flows/{planId}/{versionName} over a transport (FlowCalls.putFlow, which it is). */
export async function putFlowOver(
  transport: Transport,
  planId: string,
  versionName: string,
  doc: FlowDocument,
  precondition?: WritePrecondition,
): Promise<SavedFlow> {
  const call = flowWriteCall(planId, versionName, doc, undefined, precondition);
  const reply = await transport.exchange(call);
  if (!reply.ok) throw transport.httpError(call, reply);
  return { etag: etagOf(reply) };
}

/** GET /api/plans over a transport (FlowCalls.listPlans, which it is). */
export function listPlansOver(transport: Transport): Promise<PlanSummary[]> {
  const call: Call = { method: 'GET', path: '/api/plans', audience: 'plan', failure: flowMessages.failedToListPlans };
  return transport.send(call, (json) => {
    const body = expectShape(json, isPlanList);
    return Array.isArray(body) ? body : body.plans;
  });
}

/** The flow-document calls over one transport, bearer token included when set. */
export function createFlowCalls(transport: Transport): FlowCalls {
  return {
    async getFlow(planId, versionName) {
      requirePlanVersion(planId, versionName);
      const path = planPath('flows', planId, versionName);
      const call: Call = { method: 'GET', path, audience: 'plan', failure: flowMessages.failedToLoadFlow };
      const reply = await transport.exchange(call);
      if (isMissingEndpoint(reply)) return null;
      if (reply.status === 404) throw new PlanNotFoundError(flowMessages.planNotFound(planId, versionName), planId, versionName);
      if (!reply.ok) throw transport.httpError(call, reply);
      const loaded = { doc: expectShape(parseJson(reply.text), isFlowDocument), etag: reply.headers.get('ETag') };
      transport.versions.set(planId, versionName, loaded.etag);
      return loaded;
    },
    async getPublishedFlow(planId, versionName) {
      requirePlanVersion(planId, versionName);
      const path = planPath('flows', planId, versionName, 'published');
      const call: Call = { method: 'GET', path, audience: 'plan', failure: flowMessages.failedToLoadFlow };
      const reply = await transport.exchange(call);
      // 204: never published (a provider before that answered 404).
      if (reply.status === 204 || reply.status === 404 || isMissingEndpoint(reply)) return null;
      if (!reply.ok) throw transport.httpError(call, reply);
      return expectShape(parseJson(reply.text), isFlowDocument);
    },
    putFlow: (planId, versionName, doc, precondition) => putFlowOver(transport, planId, versionName, doc, precondition),
    async publishFlow(planId, versionName, doc, precondition) {
      const call = flowWriteCall(planId, versionName, doc, 'publish', precondition);
      const reply = await transport.exchange(call);
      if (isMissingEndpoint(reply)) return null;
      if (!reply.ok) throw transport.httpError(call, reply);
      return { etag: etagOf(reply), publishedAt: stringField(reply.text, 'publishedAt') };
    },
    async rollbackPublish(planId, versionName, publishId) {
      requirePlanVersion(planId, versionName);
      const call: Call = {
        method: 'POST',
        path: planPath('flows', planId, versionName, 'rollback'),
        audience: 'plan',
        body: { publishId },
        failure: flowMessages.failedToSaveFlow,
      };
      const reply = await transport.exchange(call);
      if (!reply.ok) throw transport.httpError(call, reply);
      const { id, publishedAt, rollbackOf } = expectShape(parseJson(reply.text), isRollbackAnswer);
      transport.versions.set(planId, versionName, etagOf(reply));
      return { etag: etagOf(reply), id, publishedAt, rollbackOf };
    },
    listPlans: () => listPlansOver(transport),
  };
}

function isRollbackAnswer(value: unknown): value is Omit<RolledBackFlow, 'etag'> {
  return isRecord(value) && typeof value.id === 'string' && typeof value.publishedAt === 'string' && typeof value.rollbackOf === 'string';
}

function stringField(text: string, field: string): string | null {
  const json = parseJson(text);
  if (!isRecord(json)) return null;
  const value = json[field];
  return typeof value === 'string' ? value : null;
}
