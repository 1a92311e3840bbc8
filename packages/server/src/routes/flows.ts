import { parseFlow, type FlowDocument, type Finding } from '@flow/core';
import { checkedFlow } from '../flowCheck.js';
import { flowWorkers } from '../flowWorkers.js';
import { isRecord } from '../guards.js';
import type { IncomingMessage } from 'node:http';
import { BODY_LIMITS, readBytes, readJson, requireJsonType } from '../http/body.js';
import { HttpError, badRequest } from '../http/HttpError.js';
import { checkPreconditions, writePreconditions } from '../http/preconditions.js';
import { matchesNoneMatch, sendBody, sendJson } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import type { SecretVault } from '../secrets/secretVault.js';
import type { Services } from '../services.js';
import { canonicalBody, canonicalText, type PreparedFlow, type StoredFlow } from '../store/flowStore.js';
import { publishedAgent } from '../serving/publishedAgent.js';

const FLOW_TYPE = 'application/json; charset=utf-8';

/**
 * A whole-document write: the body checked as validateFlow checks it (422 with the findings) and
 * naming the URL's flow, and the change that stores it when the request's preconditions allow
 * (If-Match / If-None-Match: *, 428 over an existing flow without either).
 */
async function documentWrite(
  req: IncomingMessage,
  planId: string,
  versionName: string,
  vault: SecretVault,
): Promise<{ change: (current: StoredFlow) => PreparedFlow; findings: Finding[] }> {
  const pre = writePreconditions(req);
  requireJsonType(req);
  const body = await readBytes(req, BODY_LIMITS.flow);
  const listed = await vault.list().then(
    (secrets) => ({ names: secrets.map((secret) => secret.name) }),
    (error: unknown) => ({ names: [], error }),
  );
  // Parsed, checked, serialized and hashed on a worker thread: a large flow holds no other request.
  const result = await flowWorkers().run({ kind: 'document', body, planId, versionName, secretNames: listed.names }, { transfer: true });
  // A failing secret store is reported after the body's own refusals, as when it was read after them.
  if ('error' in listed) throw listed.error;
  if (result.kind !== 'document') throw new Error(`a document job answered ${result.kind}`);
  const change = (current: StoredFlow): PreparedFlow => {
    checkPreconditions(pre, current, 'required');
    return result.flow;
  };
  return { change, findings: result.findings };
}

/**
 * Publishes again the flow an earlier publish stored (`publishId`), recording the new publish as a
 * rollback of it; 404 PUBLISH_NOT_FOUND when the version has no such publish (or it kept no flow),
 * 422 INVALID_FLOW when that flow breaks a rule. An If-Match, when given, must name the current flow.
 */
export async function rollback(
  services: Services,
  planId: string,
  versionName: string,
  publishId: string,
  pre: ReturnType<typeof writePreconditions> | null,
): ReturnType<Services['flows']['publish']> {
  const text = await services.publishes.flowOf(planId, versionName, publishId);
  const parsed = text === null ? null : parseFlow(text);
  if (!parsed?.ok) {
    throw new HttpError(404, 'PUBLISH_NOT_FOUND', `No publish ${publishId} of ${planId}/${versionName} to roll back to`);
  }
  // A publish recorded before a rule existed is checked as any write is (422 with the findings).
  const { doc } = checkedFlow(parsed.doc);
  const change = (current: StoredFlow): FlowDocument => {
    if (pre) checkPreconditions(pre, current, 'optional');
    return doc;
  };
  return services.flows.publish(planId, versionName, change, { rollbackOf: publishId });
}

/**
 * GET/PUT /api/flows/{planId}/{versionName} (whole documents, ETag, If-Match, If-None-Match),
 * POST …/publish (store and record a publish as one atomic change), GET …/published (the flow as
 * last published), POST …/rollback (publish an
 * earlier publish's flow again) and GET /api/plans.
 */
export function flowRoutes(services: Services): Route[] {
  const pattern = '/api/flows/:planId/:versionName';
  const ids = (params: Record<string, string>): [string, string] => [param(params, 'planId'), param(params, 'versionName')];
  return [
    {
      method: 'GET',
      pattern,
      async handler({ req, res, params }) {
        const stored = await services.flows.readValid(...ids(params));
        const headers = { ETag: stored.etag, 'Cache-Control': 'no-cache' };
        if (matchesNoneMatch(req.headers['if-none-match'], stored.etag)) {
          res.writeHead(304, headers);
          res.end();
          return;
        }
        sendBody(res, 200, FLOW_TYPE, canonicalBody(stored), headers);
      },
    },
    {
      method: 'PUT',
      pattern,
      async handler({ req, res, params }) {
        const [planId, versionName] = ids(params);
        const { change, findings } = await documentWrite(req, planId, versionName, services.vault);
        const saved = await services.flows.update(planId, versionName, change);
        sendJson(res, 200, { etag: saved.etag, findings }, { ETag: saved.etag });
      },
    },
    {
      method: 'POST',
      pattern: `${pattern}/publish`,
      async handler({ req, res, params }) {
        const [planId, versionName] = ids(params);
        const { change, findings } = await documentWrite(req, planId, versionName, services.vault);
        const { saved, entry } = await services.flows.publish(planId, versionName, change);
        sendJson(res, 200, { etag: saved.etag, id: entry.id, publishedAt: entry.publishedAt, findings }, { ETag: saved.etag });
      },
    },
    {
      // The flow as last published, for the editor's 'Changes' against what Play published.
      method: 'GET',
      pattern: `${pattern}/published`,
      async handler({ res, params }) {
        const [planId, versionName] = ids(params);
        const published = await publishedAgent(services.publishes, planId, versionName);
        // Never published is an answer, not an error: 204 keeps the editor's console free of a 404 on every open.
        if (published === null) {
          res.writeHead(204, { 'Cache-Control': 'no-cache' });
          res.end();
          return;
        }
        sendBody(res, 200, FLOW_TYPE, canonicalText(published.doc), { 'Cache-Control': 'no-cache' });
      },
    },
    {
      method: 'POST',
      pattern: `${pattern}/rollback`,
      async handler({ req, res, params }) {
        const [planId, versionName] = ids(params);
        const pre = writePreconditions(req);
        const body = await readJson(req, BODY_LIMITS.default);
        if (!isRecord(body) || typeof body.publishId !== 'string')
          throw badRequest('Body must be { "publishId": "<id of an earlier publish>" }');
        const { saved, entry } = await rollback(services, planId, versionName, body.publishId, pre);
        sendJson(
          res,
          200,
          { etag: saved.etag, id: entry.id, publishedAt: entry.publishedAt, rollbackOf: entry.rollbackOf },
          { ETag: saved.etag },
        );
      },
    },
    {
      method: 'GET',
      pattern: '/api/plans',
      async handler({ res }) {
        sendJson(res, 200, await services.flows.listPlans());
      },
    },
  ];
}
