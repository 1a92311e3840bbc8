import type { Finding, Severity } from '../model/types.js';

/** One rule of the engine: its stable code, severity and what it checks (docs/flow-format.md lists them all). */
export interface RuleMeta {
  readonly code: string;
  readonly severity: Severity;
  /** A well-formed flow that cannot compile yet: the editor and the provider may still store it. */
  readonly incomplete?: true;
}

/** Every code a finding can carry; a code never changes meaning once published. */
export const RULES = {
  'unreadable-file': { code: 'unreadable-file', severity: 'error' },
  'not-utf8': { code: 'not-utf8', severity: 'error' },
  bom: { code: 'bom', severity: 'warning' },
  'invalid-json': { code: 'invalid-json', severity: 'error' },
  'duplicate-key': { code: 'duplicate-key', severity: 'error' },
  'wrong-format': { code: 'wrong-format', severity: 'error' },
  schema: { code: 'schema', severity: 'error' },
  'duplicate-node-id': { code: 'duplicate-node-id', severity: 'error' },
  'chain-numbers': { code: 'chain-numbers', severity: 'error' },
  'start-node-missing': { code: 'start-node-missing', severity: 'error' },
  'duplicate-edge-id': { code: 'duplicate-edge-id', severity: 'error' },
  'orphan-edge': { code: 'orphan-edge', severity: 'error' },
  'self-edge': { code: 'self-edge', severity: 'error' },
  'edge-id-form': { code: 'edge-id-form', severity: 'error' },
  'second-incoming-edge': { code: 'second-incoming-edge', severity: 'error' },
  'second-outgoing-edge': { code: 'second-outgoing-edge', severity: 'error' },
  'edge-kind': { code: 'edge-kind', severity: 'error' },
  'uuid-mismatch': { code: 'uuid-mismatch', severity: 'error' },
  'post-action-type': { code: 'post-action-type', severity: 'error' },
  'post-action-target': { code: 'post-action-target', severity: 'error' },
  'post-action-without-edge': { code: 'post-action-without-edge', severity: 'error' },
  'no-chains': { code: 'no-chains', severity: 'error', incomplete: true },
  cycle: { code: 'cycle', severity: 'error', incomplete: true },
  disconnected: { code: 'disconnected', severity: 'error', incomplete: true },
  'out-of-range': { code: 'out-of-range', severity: 'error' },
  'not-a-number': { code: 'not-a-number', severity: 'error' },
  'not-an-option': { code: 'not-an-option', severity: 'error' },
  'unknown-model': { code: 'unknown-model', severity: 'warning' },
  'unknown-function-type': { code: 'unknown-function-type', severity: 'warning' },
  'plain-secret': { code: 'plain-secret', severity: 'warning' },
} as const satisfies Record<string, RuleMeta>;

/** The stable code of a finding, such as `orphan-edge`. */
export type RuleCode = keyof typeof RULES;

/** A finding of a rule: its severity comes from the rule, never from the call site. */
export function ruleFinding(code: RuleCode, path: string, message: string): Finding {
  return { code, severity: RULES[code].severity, path, message };
}

/** A finding that leaves the flow storable but not compilable (no chains, a cycle, a disconnected node). */
export function isIncomplete(finding: Finding): boolean {
  const rule: RuleMeta = RULES[finding.code];
  return rule.incomplete === true;
}
