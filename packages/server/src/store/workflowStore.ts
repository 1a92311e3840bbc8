import { randomUUID } from 'node:crypto';
import type { Workflow } from '@flow/core';
import { isRecord } from '../guards.js';
import { isId } from '../ids.js';
import { isStoredWorkflow } from '../workflowInput.js';
import { writeAtomic } from './atomicWrite.js';
import type { DataPaths } from './dataPaths.js';
import { serialized } from './fileQueue.js';
import { fileNames, readJsonFile } from './listing.js';

/** A hosted session: a run of one workflow, with the workflow as it was when the session began. */
export interface Session {
  id: string;
  planId: string;
  workflowId: string;
  createdAt: string;
  workflow: Workflow;
}

export interface WorkflowStore {
  list(planId: string): Promise<Workflow[]>;
  get(planId: string, id: string): Promise<Workflow | null>;
  save(workflow: Workflow): Promise<Workflow>;
  createSession(workflow: Workflow, now: string): Promise<Session>;
  getSession(planId: string, id: string): Promise<Session | null>;
}

/** The bytes a workflow or session is kept as, in every store. */
export const storedText = (value: Workflow | Session): string => `${JSON.stringify(value, null, 2)}\n`;

/** Newest first; ties by name so the order is stable. */
export const newestWorkflowFirst = (a: Workflow, b: Workflow): number =>
  b.updated_at.localeCompare(a.updated_at) || a.name.localeCompare(b.name);

export function isSession(value: unknown): value is Session {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.planId === 'string' &&
    typeof value.workflowId === 'string' &&
    typeof value.createdAt === 'string' &&
    isStoredWorkflow(value.workflow)
  );
}

/** Saved workflows (`<plan>/workflows/<id>.json`) and sessions (`<plan>/sessions/<id>.json`). */
export function createWorkflowStore(paths: DataPaths): WorkflowStore {
  async function get(planId: string, id: string): Promise<Workflow | null> {
    const value = await readJsonFile(paths.workflow(planId, id));
    return isStoredWorkflow(value) ? value : null;
  }
  return {
    async list(planId) {
      const folder = paths.workflows(planId);
      const ids = (await fileNames(folder))
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
        .filter(isId);
      const found = await Promise.all(ids.map((id) => get(planId, id)));
      const workflows = found.filter((w): w is Workflow => w !== null);
      return workflows.sort(newestWorkflowFirst);
    },
    get,
    async save(workflow) {
      const path = paths.workflow(workflow.plan_id, workflow.id);
      await serialized(path, () => writeAtomic(path, storedText(workflow)));
      return workflow;
    },
    async createSession(workflow, now) {
      const session: Session = { id: randomUUID(), planId: workflow.plan_id, workflowId: workflow.id, createdAt: now, workflow };
      const path = paths.session(session.planId, session.id);
      await serialized(path, () => writeAtomic(path, storedText(session)));
      return session;
    },
    async getSession(planId, id) {
      const value = await readJsonFile(paths.session(planId, id));
      return isSession(value) && value.planId === planId ? value : null;
    },
  };
}
