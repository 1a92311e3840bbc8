import { randomUUID } from 'node:crypto';
import { messages, type SessionCreation } from '@flow/core';
import { readJson } from '../http/body.js';
import { badRequest, notFound } from '../http/HttpError.js';
import { sendJson } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import { requireId } from '../ids.js';
import { isRecord } from '../guards.js';
import type { Services } from '../services.js';
import { workflowFromRequest } from '../workflowInput.js';

/** The hosted session page of a session. */
export function sessionPath(planId: string, sessionId: string): string {
  return `/hosted/session/${encodeURIComponent(planId)}/${encodeURIComponent(sessionId)}`;
}

const isBlank = (value: unknown): boolean => value === undefined || value === null || value === '';

function idText(value: unknown): unknown {
  return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
}

/** The workflow and session calls of spec section 7. */
export function workflowRoutes(services: Services): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/api/workflows/plans/:planId',
      async handler({ res, params }) {
        sendJson(res, 200, await services.workflows.list(param(params, 'planId')));
      },
    },
    {
      method: 'POST',
      pattern: '/api/workflows/save',
      async handler({ req, res }) {
        const workflow = workflowFromRequest(await readJson(req), services.now(), randomUUID);
        sendJson(res, 200, await services.workflows.save(workflow));
      },
    },
    {
      method: 'POST',
      pattern: '/api/sessions/create-with-link',
      async handler({ req, res }) {
        const body = await readJson(req);
        if (!isRecord(body) || isBlank(body.workflowId) || isBlank(body.planId)) {
          throw badRequest(messages.workflowAndPlanRequired);
        }
        const planId = requireId(body.planId, 'planId');
        const workflowId = requireId(idText(body.workflowId), 'workflowId');
        const workflow = await services.workflows.get(planId, workflowId);
        if (workflow === null) throw notFound('Workflow not found');
        const session = await services.workflows.createSession(workflow, services.now());
        const created: SessionCreation = {
          sessionId: session.id,
          hostedLink: `${services.origin(req)}${sessionPath(session.planId, session.id)}`,
        };
        sendJson(res, 200, created);
      },
    },
  ];
}
