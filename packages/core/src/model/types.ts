// The flow format's types come from its schema (format/flowSchema.ts), never written a second time.
export { EDGE_KINDS, FLOW_FORMAT, NODE_TYPES, POST_ACTION_TYPES } from './formatWords.js';
export type {
  EdgeKind,
  FlowDocument,
  FlowEdge,
  FlowNode,
  FlowNodeData,
  FunctionNode,
  FunctionNodeData,
  JsonObject,
  JsonValue,
  NodeType,
  PostActionType,
  PromptNode,
  PromptNodeData,
  Viewport,
  Workflow,
  WorkflowNode,
  WorkflowNodeData,
  WorkflowStep,
  XYPosition,
} from '../format/flowSchema.js';
import type { FlowNodeData } from '../format/flowSchema.js';

/** A secret kept out of flow files: resolved from the environment at publish. */
export interface EnvReference {
  env: string;
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

/** A finding of validation: defined beside the rule codes (rules/ruleCodes.ts). */
export type { Finding, Severity } from '../rules/ruleCodes.js';
