import { FlowError, checkFlowShape, compileFlow, deconstructFlow, messages, type FlowDocument, type NodeSchema } from '@flow/core';
import { BODY_LIMITS, readJson } from '../http/body.js';
import { HttpError, badRequest } from '../http/HttpError.js';
import { sendJson } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import { isRecord } from '../guards.js';
import type { Services } from '../services.js';
import { requireValid } from '../store/flowStore.js';

/** The spec's map of chains to maps of node id -> node data. */
function isNodeSchema(value: unknown): value is NodeSchema {
  return isRecord(value) && Object.values(value).every((chain) => isRecord(chain) && Object.values(chain).every(isRecord));
}

/** The document to compile: the request's nodes and edges when they form a valid flow, else the stored one. */
function documentToCompile(stored: FlowDocument, body: Record<string, unknown>): FlowDocument {
  if (!Array.isArray(body.nodes) || !Array.isArray(body.edges)) return stored;
  const shape = checkFlowShape({ ...stored, nodes: body.nodes, edges: body.edges });
  return shape.ok ? shape.doc : stored;
}

function compile(doc: FlowDocument): ReturnType<typeof compileFlow> {
  try {
    return compileFlow(doc);
  } catch (error) {
    if (error instanceof FlowError && error.code === 'NO_CHAINS') throw new HttpError(400, 'NO_CHAINS', messages.noChainsInFlow);
    throw error;
  }
}

/** POST /api/gpt/{planId}/{versionName}/generate_system_prompt and …/deconstruct_flow. */
export function gptRoutes(services: Services): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/api/gpt/:planId/:versionName/generate_system_prompt',
      async handler({ req, res, params }) {
        const body = await readJson(req, BODY_LIMITS.flow);
        if (!isRecord(body)) throw badRequest('Body must be an object with flowSchema, nodes and nodesInSequence');
        if (body.flowSchema !== undefined && !isRecord(body.flowSchema)) throw badRequest('flowSchema must be an object');
        for (const field of ['nodes', 'nodesInSequence', 'edges'] as const) {
          if (body[field] !== undefined && !Array.isArray(body[field])) throw badRequest(`${field} must be an array`);
        }
        // A version never written compiles the request's nodes against the empty flow.
        const stored = requireValid(await services.flows.read(param(params, 'planId'), param(params, 'versionName')));
        sendJson(res, 200, compile(documentToCompile(stored.doc, body)));
      },
    },
    {
      method: 'POST',
      pattern: '/api/gpt/:planId/:versionName/deconstruct_flow',
      async handler({ req, res }) {
        const body = await readJson(req, BODY_LIMITS.flow);
        if (!isRecord(body)) throw badRequest('Body must be an object with flowSchema and systemPrompt');
        if (!isNodeSchema(body.flowSchema)) throw badRequest('flowSchema must map chains to maps of node id -> node data');
        if (typeof body.systemPrompt !== 'string') throw badRequest('systemPrompt must be a string');
        sendJson(res, 200, { workflow_steps: deconstructFlow(body.flowSchema, body.systemPrompt) });
      },
    },
  ];
}
