// Types that need no flow format; the format's own types are in format/types.ts (derived from its schema).
export { EDGE_KINDS, FLOW_FORMAT, NODE_TYPES, POST_ACTION_TYPES } from './formatWords.js';
export type { EdgeKind, JsonObject, JsonValue, NodeType, PostActionType } from './formatWords.js';

/** A secret kept out of flow files: resolved from the environment at publish. */
export interface EnvReference {
  env: string;
}

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

/** A finding of validation: defined beside the rule codes (model/ruleCodes.ts). */
export type { Finding, Severity } from './ruleCodes.js';
