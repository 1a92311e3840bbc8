import type { RuleCode } from '../rules/ruleCodes.js';
/** The function types of spec section 3: one definition each, in functions/registry.ts. */
export type { FunctionType } from '../functions/registry.js';

/** What a function does after it ran (spec section 4, post action types). */
export const POST_ACTION_TYPES = ['none', 'function', 'trigger_response', 'run_tracking'] as const;
export type PostActionType = (typeof POST_ACTION_TYPES)[number];

export const NODE_TYPES = ['function', 'prompt', 'workflow'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** `node`: within a chain (bottom to top handle); `chain`: between chains (right to left, dashed). */
export const EDGE_KINDS = ['node', 'chain'] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

/** A JSON value, as stored in metadata and workflow step configs. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A secret kept out of flow files: resolved from the environment at publish. */
export interface EnvReference {
  env: string;
}

export interface XYPosition {
  x: number;
  y: number;
}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** Function node data (spec section 3). `uuid` equals the node id. */
export type FunctionNodeData = {
  id?: string | number;
  uuid: string;
  plan_id: string;
  /** A FunctionType; any other string is kept and shown as work in progress. */
  type: string;
  title: string;
  name: string;
  description: string;
  trigger: string;
  metadata: JsonObject;
  created_at: string;
  updated_at: string;
  execute_once: boolean;
  config_id: string | null;
  config_env: string | null;
  deleted_at: string | null;
  trigger_text: string;
  button_text: string;
  post_action_type: PostActionType;
  post_action_function_id: string;
  skip_tracking: boolean;
  execute_first: boolean;
  track: boolean;
  trigger_type: string;
  thinking_text: string;
  source_function_id: string | null;
  active: boolean;
  sequence: number;
};

/** Prompt node data: the Instruct node (name Instruct, nodeType default). */
export type PromptNodeData = {
  prompt: string;
  name: string;
  nodeType: string;
  trigger_text: string;
};

/** One step of a saved workflow. */
export type WorkflowStep = {
  skill: string;
  name: string;
  config: JsonObject;
};

/** Workflow node data: a saved workflow inserted into the flow. */
export type WorkflowNodeData = {
  name: string;
  description: string;
  trigger_text: string;
  metadata: { workflow_id: string } & JsonObject;
  steps: WorkflowStep[];
};

interface BaseNode<T extends NodeType, D> {
  id: string;
  type: T;
  /** Chain number as a string: "1", "2", … */
  chain: string;
  position: XYPosition;
  data: D;
}

export type FunctionNode = BaseNode<'function', FunctionNodeData>;
export type PromptNode = BaseNode<'prompt', PromptNodeData>;
export type WorkflowNode = BaseNode<'workflow', WorkflowNodeData>;
export type FlowNode = FunctionNode | PromptNode | WorkflowNode;
export type FlowNodeData = FlowNode['data'];

export interface FlowEdge {
  /** Always `edge-{source}-to-{target}`. */
  id: string;
  source: string;
  target: string;
  kind: EdgeKind;
}

/** A saved workflow of a plan (spec section 3). */
export interface Workflow {
  id: string;
  name: string;
  description: string;
  updated_at: string;
  plan_id: string;
  json: { steps: WorkflowStep[] } & JsonObject;
  planner_response?: JsonValue;
}

export const FLOW_FORMAT = 'flow/1';

/** One flow = one plan version = one file (ARCHITECTURE section 2). */
export interface FlowDocument {
  $schema?: string;
  format: typeof FLOW_FORMAT;
  planId: string;
  versionName: string;
  /** Prefix of the final prompt. */
  agentContext: string;
  /** Suffix of the final prompt (agent notes and style). */
  agentNotes: string;
  systemPrompt: string;
  startNodeId: string;
  nodes: FlowNode[];
  edges: FlowEdge[];
  viewport?: Viewport;
  workflows?: Workflow[];
}

/** The spec's map of chains to maps of node id -> node data. Derived, never stored. */
export type NodeSchema = Record<string, Record<string, FlowNodeData>>;

/** Function record for chain analysis. */
export interface FunctionRecord {
  uuid: string;
  name: string;
  post_action_function_id?: string | null;
}

/** One node of an analysed chain. */
export interface ChainNode<F extends FunctionRecord = FunctionRecord> {
  uuid: string;
  name: string;
  exists: boolean;
  funcObj: F | null;
  next: string | null;
}

export interface Chain<F extends FunctionRecord = FunctionRecord> {
  startFunction: string;
  length: number;
  nodes: ChainNode<F>[];
}

/** The server's chain structure. */
export interface ChainStructure<F extends FunctionRecord = FunctionRecord> {
  chains: Chain<F>[];
  standalone: F[];
}

export const CYCLE_DETECTED = 'CYCLE_DETECTED';

/** Response of generate_system_prompt and of the system-prompt call. */
export interface SystemPromptResponse {
  system_message: string;
  system_message_prefix: string;
  system_message_suffix: string;
}

export interface WorkflowStepInstruction {
  Query_Instruction: string;
  /** 1-based chain index as a string. */
  Chain: string;
}

export interface SessionCreation {
  sessionId: string;
  hostedLink: string;
}

/** A finding of validation: where, how bad, what. */
export type Severity = 'error' | 'warning';
export interface Finding {
  /** JSON path such as `$.nodes[2].data.name`; `$` for the whole document. */
  path: string;
  severity: Severity;
  message: string;
  /** The rule's stable code (rules/ruleCodes.ts), such as `orphan-edge`. */
  code: RuleCode;
  /** 1-based, when the finding was made on source text. */
  line?: number;
  column?: number;
}
