import { flowFunctions, type FlowDocument } from '@flow/core';
import { checkedFlow } from '../flowCheck.js';
import { applyFunctions, checkedFunction } from '../functionUpdates.js';
import type { FunctionsJob } from '../flowWork.js';
import { flowWorkers } from '../flowWorkers.js';
import { BODY_LIMITS, readBytes, readJson, requireJsonType } from '../http/body.js';
import { badRequest } from '../http/HttpError.js';
import { checkPreconditions, writePreconditions, type WritePreconditions } from '../http/preconditions.js';
import { sendJson, sendJsonText } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import { isOptionalString, isRecord } from '../guards.js';
import type { Services } from '../services.js';
import { promptOf } from '../store/publishStore.js';
import { requireValid, storedContent, type StoredFlow, type ValidFlow } from '../store/flowStore.js';

// GET …/functions is the hot read: its answer is kept per stored document.
const functionsBodies = new WeakMap<FlowDocument, Buffer>();

function functionsBody(doc: FlowDocument): Buffer {
  let body = functionsBodies.get(doc);
  if (body === undefined) {
    body = Buffer.from(JSON.stringify({ result: flowFunctions(doc) }));
    functionsBodies.set(doc, body);
  }
  return body;
}

/** The setup-function body: `{ plan_id, version_name, function }`, plan and version as in the path. */
function setupBody(body: unknown, planId: string, versionName: string): unknown {
  if (!isRecord(body)) throw badRequest('Body must be an object with plan_id, version_name and function');
  if (body.plan_id !== undefined && body.plan_id !== planId) throw badRequest('plan_id must match the plan of the path');
  if (body.version_name !== undefined && body.version_name !== versionName) {
    throw badRequest('version_name must match the version of the path');
  }
  return body.function;
}

/**
 * The stored flow a spec write starts from, once the request's preconditions allow it: a spec-only
 * client sends none, so If-Match is honoured when present but never required (no 428). A version
 * never written starts from the empty flow.
 */
function startingFrom(pre: WritePreconditions): (current: StoredFlow) => ValidFlow {
  return (current) => {
    checkPreconditions(pre, current, 'optional');
    return requireValid(current);
  };
}

/** The mate calls of spec section 7 over the stored flow documents. */
export function mateRoutes(services: Services): Route[] {
  const base = '/api/mate/:planId/:versionName';
  const ids = (params: Record<string, string>): [string, string] => [param(params, 'planId'), param(params, 'versionName')];
  return [
    {
      method: 'GET',
      pattern: `${base}/functions`,
      async handler({ res, params }) {
        const { doc } = await services.flows.readValid(...ids(params));
        sendJsonText(res, 200, functionsBody(doc));
      },
    },
    {
      method: 'POST',
      pattern: `${base}/setup-function`,
      async handler({ req, res, params }) {
        const [planId, versionName] = ids(params);
        const start = startingFrom(writePreconditions(req));
        const input = checkedFunction(setupBody(await readJson(req), planId, versionName), 'function');
        const now = services.now();
        const saved = await services.flows.update(planId, versionName, (current) =>
          applyFunctions(start(current).doc, [input], planId, now),
        );
        const result = saved.doc.nodes.find((node) => node.id === input.uuid)?.data ?? null;
        sendJson(res, 200, { result }, { ETag: saved.etag });
      },
    },
    {
      method: 'POST',
      pattern: `${base}/update-functions`,
      async handler({ req, res, params }) {
        const [planId, versionName] = ids(params);
        const pre = writePreconditions(req);
        requireJsonType(req);
        const body = await readBytes(req, BODY_LIMITS.flow);
        // The body's refusals come first, as before any flow is read; the work runs on a worker thread.
        await flowWorkers().run({ kind: 'check-functions', body });
        const now = services.now();
        let answer: Uint8Array = new Uint8Array();
        const saved = await services.flows.update(planId, versionName, async (current) => {
          checkPreconditions(pre, current, 'optional');
          const { etag, exists } = current;
          const job: FunctionsJob = {
            kind: 'functions',
            body,
            current: { content: storedContent(current), etag, exists },
            planId,
            versionName,
            now,
          };
          const result = await flowWorkers().run(job);
          if (result.kind !== 'functions') throw new Error(`a functions job answered ${result.kind}`);
          answer = result.answer;
          return result.flow;
        });
        sendJsonText(res, 200, answer, { ETag: saved.etag });
      },
    },
    {
      method: 'GET',
      pattern: `${base}/system-prompt`,
      async handler({ res, params }) {
        const { doc } = await services.flows.readValid(...ids(params));
        sendJson(res, 200, { result: promptOf(doc) });
      },
    },
    {
      method: 'POST',
      pattern: `${base}/system-prompt-custom`,
      async handler({ req, res, params }) {
        const [planId, versionName] = ids(params);
        const start = startingFrom(writePreconditions(req));
        const body = await readJson(req);
        if (!isRecord(body) || typeof body.system_message_custom !== 'string') {
          throw badRequest('Body must be an object with system_message_custom (a string)');
        }
        const { system_message_custom: message, system_message_prefix: prefix, system_message_suffix: suffix } = body;
        if (!isOptionalString(prefix) || !isOptionalString(suffix)) {
          throw badRequest('system_message_prefix and system_message_suffix must be strings');
        }
        // The flow and its publish entry are one atomic change, as POST /api/flows/…/publish.
        const change = (current: StoredFlow): FlowDocument => {
          const doc = start(current).doc;
          return checkedFlow({
            ...doc,
            systemPrompt: message,
            agentContext: prefix ?? doc.agentContext,
            agentNotes: suffix ?? doc.agentNotes,
          }).doc;
        };
        const { saved, entry } = await services.flows.publish(planId, versionName, change);
        sendJson(res, 200, { result: { publishedAt: entry.publishedAt } }, { ETag: saved.etag });
      },
    },
  ];
}
