// The flow format's fixed words and JSON value types, without the schema (format/flowSchema.ts
// builds on them): what the editor needs of the format costs it no schema builder.

/** What a function does after it ran (spec section 4, post action types). */
export const POST_ACTION_TYPES = ['none', 'function', 'trigger_response', 'run_tracking'] as const;
export type PostActionType = (typeof POST_ACTION_TYPES)[number];

export const NODE_TYPES = ['function', 'prompt', 'workflow'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** `node`: within a chain (bottom to top handle); `chain`: between chains (right to left, dashed). */
export const EDGE_KINDS = ['node', 'chain'] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

export const FLOW_FORMAT = 'flow/1';

/** A JSON value, as stored in metadata and workflow step configs. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
