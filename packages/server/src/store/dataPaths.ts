import { join, resolve } from 'node:path';
import { CASSETTE_SUFFIX, FLOW_FILE_SUFFIX, FLOWTEST_SUFFIX } from '@flow/core';
import { requireId } from '../ids.js';

/** The data folder's layout. Every id is checked again here, before it becomes part of a path. */
export interface DataPaths {
  root: string;
  plan(planId: string): string;
  flow(planId: string, versionName: string): string;
  /** The version's tests beside its flow: `<version>.flowtest.json`, and their cassette `<version>.cassette.json`. */
  flowtest(planId: string, versionName: string): string;
  cassette(planId: string, versionName: string): string;
  workflows(planId: string): string;
  workflow(planId: string, workflowId: string): string;
  sessions(planId: string): string;
  session(planId: string, sessionId: string): string;
  published(planId: string, versionName: string): string;
  /** The journal of an atomic change to a version, present only while the change is applied. */
  journal(planId: string, versionName: string): string;
  /** The lock of the server that serves this folder. */
  lock: string;
}

export const FLOW_SUFFIX = FLOW_FILE_SUFFIX;

/** Journals are dot files (no listing shows them): `<plan>/.journal-<version>.json`. */
export const JOURNAL_PATTERN = /^\.journal-[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.json$/;

/** Paths under one data folder. */
export function dataPaths(dir: string): DataPaths {
  const root = resolve(dir);
  const plan = (planId: string): string => join(root, requireId(planId, 'planId'));
  const file = (planId: string, versionName: string, suffix: string): string =>
    join(plan(planId), `${requireId(versionName, 'versionName')}${suffix}`);
  return {
    root,
    plan,
    flow: (planId, versionName) => file(planId, versionName, FLOW_SUFFIX),
    flowtest: (planId, versionName) => file(planId, versionName, FLOWTEST_SUFFIX),
    cassette: (planId, versionName) => file(planId, versionName, CASSETTE_SUFFIX),
    workflows: (planId) => join(plan(planId), 'workflows'),
    workflow: (planId, id) => join(plan(planId), 'workflows', `${requireId(id, 'workflowId')}.json`),
    sessions: (planId) => join(plan(planId), 'sessions'),
    session: (planId, id) => join(plan(planId), 'sessions', `${requireId(id, 'sessionId')}.json`),
    published: (planId, versionName) => join(plan(planId), 'published', requireId(versionName, 'versionName')),
    journal: (planId, versionName) => join(plan(planId), `.journal-${requireId(versionName, 'versionName')}.json`),
    lock: join(root, '.flow-server.lock'),
  };
}
