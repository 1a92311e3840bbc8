import { basename, dirname, resolve } from 'node:path';
import { FLOW_FILE_SUFFIX, type FlowDocument } from '@flow/core';
import { CliError, EXIT } from '../errors.js';

/** A plan version: where a flow is published to. */
export interface PlanVersion {
  planId: string;
  versionName: string;
}

/** The plan version a path names by the layout every provider and `init` use: `<planId>/<versionName>.flow.json`. */
export function planVersionOfPath(file: string, cwd: string): PlanVersion | null {
  const absolute = resolve(cwd, file);
  const name = basename(absolute);
  if (!name.endsWith(FLOW_FILE_SUFFIX)) return null;
  return { planId: basename(dirname(absolute)), versionName: name.slice(0, -FLOW_FILE_SUFFIX.length) };
}

/**
 * Where a flow file is published: to `--plan`/`--version` when given (each defaults to the
 * document's own), else to the document's planId/versionName, which its path must agree with,
 * so a file copied or renamed by mistake never overwrites another plan version.
 */
export function publishTarget(file: string, cwd: string, doc: FlowDocument, named: Partial<PlanVersion>): PlanVersion {
  const target = { planId: named.planId ?? doc.planId, versionName: named.versionName ?? doc.versionName };
  if (named.planId !== undefined || named.versionName !== undefined) return target;
  const path = planVersionOfPath(file, cwd);
  if (path !== null && path.planId === doc.planId && path.versionName === doc.versionName) return target;
  const said = path === null ? 'is not named <planId>/<versionName>.flow.json' : `says ${path.planId}/${path.versionName}`;
  throw new CliError(
    'PATH_MISMATCH',
    `${file} holds ${doc.planId}/${doc.versionName} but its path ${said}: move it to ${doc.planId}/${doc.versionName}.flow.json, or name the plan version to publish to with --plan and --version`,
    EXIT.usage,
  );
}
