/** A finding of validation: where, how bad, what. */
export type Severity = 'error' | 'warning';
export interface Finding {
  /** JSON path such as `$.nodes[2].data.name`; `$` for the whole document. */
  path: string;
  severity: Severity;
  message: string;
  /** The rule's stable code (model/ruleCodes.ts), such as `orphan-edge`. */
  code: RuleCode;
  /** 1-based, when the finding was made on source text. */
  line?: number;
  column?: number;
}

/** One rule of the engine: its stable code, severity and what it checks (docs/flow-format.md lists them all). */
export interface RuleMeta {
  readonly code: string;
  readonly severity: Severity;
  /** A well-formed flow that cannot compile yet: the editor and the provider may still store it. */
  readonly incomplete?: true;
  /** What the rule finds, in Markdown: docs/flow-format.md's table and flowctl's SARIF rules show it. */
  readonly summary: string;
}

/** Every code a finding can carry; a code never changes meaning once published. */
export const RULES = {
  'unreadable-file': {
    code: 'unreadable-file',
    severity: 'error',
    summary: '`Cannot read file: {reason}` (flowctl only: missing file, folder, permission)',
  },
  'not-utf8': {
    code: 'not-utf8',
    severity: 'error',
    summary: 'the file is not UTF-8 (decoded with `TextDecoder` `fatal`), at the first bad byte',
  },
  bom: {
    code: 'bom',
    severity: 'warning',
    summary:
      'the file starts with a byte order mark; JSON text must not have one (RFC 8259 §8.1) but it is unambiguous, and `flowctl fmt` removes it',
  },
  'invalid-json': {
    code: 'invalid-json',
    severity: 'error',
    summary: '`Invalid JSON: {why}`, at the first place the text stops being JSON',
  },
  'duplicate-key': {
    code: 'duplicate-key',
    severity: 'error',
    summary: '`Duplicate key "{key}": JSON keeps only the last one`, at the second key: `JSON.parse` would silently keep the last value',
  },
  'too-large': {
    code: 'too-large',
    severity: 'error',
    summary: "the file is larger than 32 MiB (`MAX_FLOW_BYTES`, the provider's limit too); nothing else is checked",
  },
  'too-deep': {
    code: 'too-deep',
    severity: 'error',
    summary: 'objects and arrays nested deeper than 64 levels (`MAX_JSON_DEPTH`), at the first value past it; nothing else is checked',
  },
  'reserved-key': {
    code: 'reserved-key',
    severity: 'error',
    summary: '`__proto__`, `constructor` or `prototype` as an object key, at any depth (`RESERVED_KEYS`); nothing else is checked',
  },
  'invalid-text': {
    code: 'invalid-text',
    severity: 'error',
    summary:
      '`Text at {path} contains a NUL character` (or an unpaired surrogate), in a value or a key: a lone surrogate is not a character, and PostgreSQL cannot keep a NUL (the provider refuses both)',
  },
  'wrong-format': { code: 'wrong-format', severity: 'error', summary: '`format` is not `"flow/1"` (nothing else is checked)' },
  schema: { code: 'schema', severity: 'error', summary: 'a violation of the JSON Schema, named by its path' },
  'duplicate-node-id': { code: 'duplicate-node-id', severity: 'error', summary: 'two nodes share an id' },
  'chain-numbers': { code: 'chain-numbers', severity: 'error', summary: 'chains are not numbered contiguously from "1"' },
  'start-node-missing': { code: 'start-node-missing', severity: 'error', summary: '`startNodeId` is set but is not a node of the flow' },
  'duplicate-edge-id': { code: 'duplicate-edge-id', severity: 'error', summary: 'two edges share an id' },
  'orphan-edge': { code: 'orphan-edge', severity: 'error', summary: "an edge's `source` or `target` is not a node of the flow" },
  'self-edge': { code: 'self-edge', severity: 'error', summary: "'Error: Cannot connect a node to itself'" },
  'edge-id-form': { code: 'edge-id-form', severity: 'error', summary: 'an edge id is not `edge-{source}-to-{target}`' },
  'second-incoming-edge': {
    code: 'second-incoming-edge',
    severity: 'error',
    summary: "'Error: Node: {name} already has an incoming edge'",
  },
  'second-outgoing-edge': {
    code: 'second-outgoing-edge',
    severity: 'error',
    summary: 'a node has more than one outgoing edge (follow-up)',
  },
  'edge-kind': { code: 'edge-kind', severity: 'error', summary: '`kind` is not `node` within a chain or `chain` between chains' },
  'uuid-mismatch': { code: 'uuid-mismatch', severity: 'error', summary: "a function's `uuid` is not its node id" },
  'post-action-type': {
    code: 'post-action-type',
    severity: 'error',
    summary: 'a function with an outgoing edge has a `post_action_type` other than `function`',
  },
  'post-action-target': {
    code: 'post-action-target',
    severity: 'error',
    summary: "a function's `post_action_function_id` is not the target of its outgoing edge",
  },
  'post-action-without-edge': {
    code: 'post-action-without-edge',
    severity: 'error',
    summary: '`post_action_type` is `function` but there is no outgoing edge',
  },
  'no-chains': { code: 'no-chains', severity: 'error', incomplete: true, summary: "'Error: No chains in flow'" },
  cycle: {
    code: 'cycle',
    severity: 'error',
    incomplete: true,
    summary: "'Cycle detected at {name}', on each node of a loop of follow-ups",
  },
  disconnected: {
    code: 'disconnected',
    severity: 'error',
    incomplete: true,
    summary: "'Error: Disconnected @ : {name}', a node not reached from the start node",
  },
  'out-of-range': {
    code: 'out-of-range',
    severity: 'error',
    summary: 'a slider value outside its range (temperature 0–1, max tokens 1–4000, …)',
  },
  'not-a-number': { code: 'not-a-number', severity: 'error', summary: 'a number field holding something else' },
  'not-an-option': { code: 'not-an-option', severity: 'error', summary: 'a select or multi-select value that is not one of its options' },
  'unknown-model': {
    code: 'unknown-model',
    severity: 'warning',
    summary: 'a model Flow does not list (it may still exist at the provider)',
  },
  'unknown-function-type': {
    code: 'unknown-function-type',
    severity: 'warning',
    summary: 'a function type Flow does not know (its metadata is still searched for secrets)',
  },
  'plain-secret': {
    code: 'plain-secret',
    severity: 'warning',
    summary:
      'an API key, bearer token or credential header (Authorization, Proxy-Authorization, X-Api-Key, Api-Key, X-Auth-Token) written in plain text',
  },
  'mcp-server-url': {
    code: 'mcp-server-url',
    severity: 'error',
    incomplete: true,
    summary: "'An MCP Tool needs a server URL' or 'The MCP server URL must be http(s): {url}', on an `mcp_tool`'s `server_url`",
  },
  'mcp-tool-name': {
    code: 'mcp-tool-name',
    severity: 'error',
    incomplete: true,
    summary: "'An MCP Tool needs the name of one of its server's tools', on an `mcp_tool`'s `tool_name`",
  },
  'secret-not-set': {
    code: 'secret-not-set',
    severity: 'warning',
    summary:
      "'Secret {NAME} is not set on the provider': a secret reference its secret store does not hold (the provider's answers to a save or a publish, and the Playground's trace)",
  },
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
