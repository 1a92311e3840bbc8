// The data each flowctl command returns (types only). Commands build it, render/ prints it and
// command.ts tags it: all three read it here, so none of them imports another.
import type {
  AgentKeySummary,
  Conversation,
  ConversationPage,
  FlowDiff,
  FlowDocument,
  FlowSource,
  SecretReference,
  SecretSummary,
  SystemPromptResponse,
} from '@flow/core';
import type { EvalResult, TurnTrace, WorkflowRun } from '@flow/runtime';
import type { Shell } from './completion/shells.js';
import type { DiffFormat } from './formats.js';
import type { FileFinding } from './errors.js';
import type { TestFormat, ValidateFormat } from './formats.js';

export type FmtStatus = 'unchanged' | 'formatted' | 'would-format' | 'bad';

export interface CompileReport extends SystemPromptResponse {
  file: string;
  /** Compiled by the provider rather than offline. */
  remote: boolean;
  /** Where the prompt was written, when `-o` was given. */
  output?: string;
}

export interface CompletionReport {
  shell: Shell;
  script: string;
}

/** `diff <a> <b>`: two flows, each a file or `rev:path`. */
export interface DiffPairReport extends FlowDiff {
  a: string;
  b: string;
}

/** One flow file of `diff --base`: an added file is diffed from an empty flow, a removed one to an empty flow. */
export interface DiffFileReport extends FlowDiff {
  file: string;
  status: 'changed' | 'added' | 'removed';
}

/** `diff --base <rev>`: the flow files whose text differs between the revision and the working tree. */
export interface DiffBaseReport {
  base: string;
  same: boolean;
  files: DiffFileReport[];
}

/** The pull-request comment `flowctl diff --comment` posted or updated. */
export interface ReviewCommentReport {
  action: 'posted' | 'updated';
  id: number;
  url: string;
  pr: number;
}

/** What `diff` returns; `markdown` is the review when `--format markdown` asked for it; `comment` what `--comment` posted. */
export type DiffReport = (DiffPairReport | DiffBaseReport) & { format: DiffFormat; markdown: string | null; comment?: ReviewCommentReport };

export interface FetchReport {
  planId: string;
  versionName: string;
  source: FlowSource;
  /** Where the flow was written; absent when it went to stdout. */
  output?: string;
  /** With an output: the test files written beside it (none when the version has no tests). */
  tests?: string[];
  nodes: number;
  /** Secrets replaced by environment references. */
  secrets: SecretReference[];
  /** The canonical text of the flow. */
  text: string;
  doc: FlowDocument;
}

/** One node `generate` made, as the report lists it. */
export interface GeneratedNodeSummary {
  id: string;
  name: string;
  type: 'prompt' | 'function';
  /** The function type of a function node (`instruct`); null for a prompt node. */
  functionType: string | null;
  emoji: string;
}

export interface GenerateReport {
  ok: true;
  /** Where the flow was written; null when it went to stdout. */
  file: string | null;
  /** The file existed and was replaced. */
  overwritten: boolean;
  planId: string;
  versionName: string;
  /** The new nodes in chain order. */
  nodes: GeneratedNodeSummary[];
  /** The canonical text of the flow. */
  text: string;
  doc: FlowDocument;
}

export interface FmtFile {
  file: string;
  status: FmtStatus;
  /** Secrets moved into environment references (or that would be). */
  secrets: SecretReference[];
  /** Why a bad file could not be formatted. */
  findings: FileFinding[];
  /** Standard input's canonical form (`fmt -` prints it instead of writing a file). */
  text?: string;
}

export interface FmtReport {
  check: boolean;
  files: FmtFile[];
  changed: number;
  bad: number;
  unmatched: string[];
}

export interface InitReport {
  dir: string;
  flowsDir: string;
  /** Files written, relative to the current folder. */
  created: string[];
  /** Files that existed and got what flowctl needs added (package.json, .gitignore). */
  updated: string[];
  /** What to do next, in order. */
  next: string[];
}

/** `flowctl db import` / `db export`: what moved between a data folder and a database. */
export interface DbReport {
  direction: 'import' | 'export';
  dir: string;
  /** The database's address without its password. */
  database: string;
  flows: number;
  /** Versions whose tests (`*.flowtest.json` and cassette) moved with them. */
  tests: number;
  publishes: number;
  workflows: number;
  sessions: number;
  /** Files of the folder that are not data of the store, left out, with why. */
  skipped: { file: string; reason: string }[];
}

/** `flowctl publish --rollback <id>`: an earlier publish's flow, published again. */
export interface RollbackReport {
  planId: string;
  versionName: string;
  /** The id of the earlier publish brought back. */
  rollbackOf: string;
  /** The new publish's id and time. */
  id: string;
  publishedAt: string;
  dashboardUrl: string;
}

export interface PublishReport {
  file: string;
  planId: string;
  versionName: string;
  dryRun: boolean;
  /** How the provider's current state was read (and so what a publish writes). */
  source: FlowSource;
  changes: FlowDiff;
  /** Ids of the file's workflows that are new or changed on the provider (saved by a publish). */
  workflows: string[];
  published: boolean;
  /** Secrets the flow names that the provider's secret store lacks (its tools will say so). */
  unsetSecrets: string[];
  /** The test file beside the flow file that is (or, in a dry run, would be) sent with it; null when there is none. */
  tests: string | null;
  /** The spec's toast after a publish. */
  message?: string;
  dashboardUrl: string;
}

export interface RunReport {
  file: string;
  /** With --workflow: what each step did. */
  workflow?: WorkflowRun;
  /** The turns of the conversation, each with its reply and tool calls. */
  turns: TurnTrace[];
  /** The reply of the last turn. */
  reply: string;
  /** The tool calls of the last turn. */
  toolCalls: TurnTrace['toolCalls'];
  /** The replies were printed as they streamed (a chat in a terminal). */
  streamed: boolean;
}

export interface ServeReport {
  url: string;
  dir: string;
  /** The PostgreSQL database the flows are kept in (its address without the password), or null for the data folder. */
  database: string | null;
  /** The folder of the built editor being served, or null when it is not built. */
  editorDir: string | null;
  /** Every route but sign-in and static files needs the token. */
  tokenRequired: boolean;
  opened: boolean;
  /** Editor addresses of the plan versions in the data folder (the seeded examples on a first start). */
  plans: string[];
}

export interface SessionReport {
  planId: string;
  workflowId: string;
  sessionId: string;
  hostedLink: string;
  opened: boolean;
}

/** `flowctl test`: the run's result (what `--format json` prints) and how it is printed. */
export interface TestReport {
  format: TestFormat;
  result: EvalResult;
  /** --min-pass-rate, when given. */
  minPassRate?: number;
}

export interface FileReport {
  file: string;
  /** No finding of severity error. */
  ok: boolean;
  findings: FileFinding[];
}

export interface ValidateReport {
  format: ValidateFormat;
  files: FileReport[];
  errors: number;
  warnings: number;
  /** `--max-warnings`: more warnings than this fail the run; null for no limit. */
  maxWarnings: number | null;
  /** Folders and globs that matched no flow file. */
  unmatched: string[];
}

export interface WorkflowSummary {
  id: string;
  name: string;
  updated_at: string;
  description: string;
  steps: number;
}

export interface WorkflowsReport {
  planId: string;
  workflows: WorkflowSummary[];
}

/** The data each command returns, by command name. */
/** `secrets list`: the provider's secret names and when each was set (never a value). */
export interface SecretsListReport {
  apiUrl: string;
  secrets: SecretSummary[];
}

/** `secrets set` and `secrets delete`: which secret, and what happened to it. */
export interface SecretChangeReport {
  name: string;
  change: 'created' | 'updated' | 'deleted';
}

/** `keys list`: the provider's agent keys (never a key). */
export interface KeysListReport {
  apiUrl: string;
  keys: AgentKeySummary[];
}

/** `keys create`: the new key, the only time it is shown. */
export type KeyCreatedReport = AgentKeySummary & { key: string };

/** `keys revoke`: which key. */
export interface KeyRevokedReport {
  name: string;
  change: 'revoked';
}

/** `conversations list`: a page of a plan's served conversations, newest first. */
export interface ConversationsListReport extends ConversationPage {
  apiUrl: string;
  planId: string;
  versionName: string | null;
  search: string | null;
}

/** `conversations show`: one conversation whole. */
export interface ConversationShowReport {
  conversation: Conversation;
}

export interface Results {
  init: InitReport;
  validate: ValidateReport;
  fmt: FmtReport;
  diff: DiffReport;
  compile: CompileReport;
  fetch: FetchReport;
  generate: GenerateReport;
  publish: PublishReport | RollbackReport;
  'workflows list': WorkflowsReport;
  'secrets list': SecretsListReport;
  'secrets set': SecretChangeReport;
  'secrets delete': SecretChangeReport;
  'keys create': KeyCreatedReport;
  'keys list': KeysListReport;
  'keys revoke': KeyRevokedReport;
  'conversations list': ConversationsListReport;
  'conversations show': ConversationShowReport;
  run: RunReport;
  session: SessionReport;
  test: TestReport;
  serve: ServeReport;
  completion: CompletionReport;
  'db import': DbReport;
  'db export': DbReport;
}
