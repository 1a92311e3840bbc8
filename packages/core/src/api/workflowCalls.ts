import { flowMessages, messages } from '../messages.js';
import { isHttpLink } from '../model/links.js';
import { ApiError } from './errors.js';
import type { SessionCreation } from '../model/types.js';
import type { Workflow } from '../format/types.js';
import { isSavedWorkflowBody, isSessionBody, isWorkflowList, toSession, toWorkflow } from './guards.js';
import { workflowsPath } from './paths.js';
import { expectShape, invalidInput } from './transport.js';
import type { Call, Transport } from './transport.js';

/** A workflow to save: it needs a name; the provider assigns the id of a new one. */
export type WorkflowDraft = Partial<Workflow> & { name: string };

/** What workflows/save answers. */
export interface SavedWorkflow {
  id: string;
  name: string;
}

/** The workflow and session calls of spec section 7: hosted API, no cookies, no cache, no token. */
export interface WorkflowCalls {
  /** GET workflows/plans/{planId}: the plan's saved workflows. */
  getWorkflows(planId: string): Promise<Workflow[]>;
  /** POST workflows/save: saves a workflow that has a name. */
  saveWorkflow(workflow: WorkflowDraft | null | undefined): Promise<SavedWorkflow>;
  /** POST sessions/create-with-link: a hosted session running the workflow. */
  createSession(workflowId: string, planId: string): Promise<SessionCreation>;
}

/** The workflow and session calls over one transport. */
export function createWorkflowCalls(transport: Transport): WorkflowCalls {
  return {
    async getWorkflows(planId) {
      if (!planId) throw invalidInput(messages.planIdRequired);
      const call: Call = {
        method: 'GET',
        path: workflowsPath(planId),
        audience: 'hosted',
        failure: messages.failedToFetchWorkflows,
      };
      return transport.send(call, (json) => expectShape(json, isWorkflowList).map((w) => toWorkflow(w, planId)));
    },
    async saveWorkflow(workflow) {
      if (!workflow?.name) throw invalidInput(messages.invalidWorkflowData);
      const call: Call = {
        method: 'POST',
        path: '/api/workflows/save',
        audience: 'hosted',
        body: workflow,
        failure: messages.failedToSaveWorkflow,
      };
      return transport.send(call, (json) => {
        const body = expectShape(json, isSavedWorkflowBody);
        const saved = 'workflow' in body ? body.workflow : body;
        return { id: String(saved.id), name: saved.name };
      });
    },
    async createSession(workflowId, planId) {
      if (!workflowId || !planId) throw invalidInput(messages.workflowAndPlanRequired);
      const call: Call = {
        method: 'POST',
        path: '/api/sessions/create-with-link',
        audience: 'hosted',
        body: { workflowId, planId },
        failure: messages.failedToCreateSession,
      };
      const session = await transport.send(call, (json) => toSession(expectShape(json, isSessionBody)));
      if (!isHttpLink(session.hostedLink)) {
        throw new ApiError(messages.failedToCreateSession(flowMessages.unsafeLink(session.hostedLink)), { kind: 'invalid' });
      }
      return session;
    },
  };
}
