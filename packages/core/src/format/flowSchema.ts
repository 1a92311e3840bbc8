// The flow format `flow/1`, defined once: each part below is a JSON Schema (TypeBox builds it)
// from which the TypeScript type of that part is derived, so what the validator checks and what
// the types claim cannot drift apart. schema/flow.schema.json is written from `flowSchema` and
// each function type's metadata schema (schemaText.ts; `pnpm --filter @flow/core schema`; a test
// fails when the file is behind).
import { Type, type Static, type TSchema } from '@sinclair/typebox';

import {
  EDGE_KINDS,
  FLOW_FORMAT,
  NODE_TYPES,
  POST_ACTION_TYPES,
  type JsonObject,
  type JsonValue,
  type NodeType,
} from '../model/formatWords.js';

export { EDGE_KINDS, FLOW_FORMAT, NODE_TYPES, POST_ACTION_TYPES };
export type { EdgeKind, JsonObject, JsonValue, NodeType, PostActionType } from '../model/formatWords.js';

// Parts whose values came from JSON text: any object there holds JSON values only, so the schema
// checks that it is an object and the type says what it holds.
const jsonObject = (options: { description?: string } = {}) => Type.Unsafe<JsonObject>({ type: 'object', ...options });
const anyJson = () => Type.Unsafe<JsonValue>({});

/** One of a list of strings, as `enum` (one error naming the allowed values, not one per value). */
const oneOf = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  Type.Unsafe<T[number]>({ enum: [...values], ...options });

/** A value of either JSON type, as `type: [a, b]` (one error, not one per alternative). */
const stringOrNull = () => Type.Unsafe<string | null>({ type: ['string', 'null'] });
const stringOrNumber = () => Type.Unsafe<string | number>({ type: ['string', 'number'] });

const closed = { additionalProperties: false } as const;

export const ViewportSchema = Type.Object({ x: Type.Number(), y: Type.Number(), zoom: Type.Number({ exclusiveMinimum: 0 }) }, closed);
export type Viewport = Static<typeof ViewportSchema>;

export const PositionSchema = Type.Object({ x: Type.Number(), y: Type.Number() }, closed);
export type XYPosition = Static<typeof PositionSchema>;

/** Function node data (spec section 3). `uuid` equals the node id. */
export const FunctionNodeDataSchema = Type.Object(
  {
    id: Type.Optional(stringOrNumber()),
    uuid: Type.String({ minLength: 1 }),
    plan_id: Type.Optional(Type.String()),
    type: Type.String({ description: 'A function type; any other string is kept and shown as work in progress.' }),
    title: Type.Optional(Type.String()),
    name: Type.String(),
    description: Type.Optional(Type.String()),
    trigger: Type.Optional(Type.String()),
    metadata: jsonObject(),
    created_at: Type.Optional(Type.String()),
    updated_at: Type.Optional(Type.String()),
    execute_once: Type.Optional(Type.Boolean()),
    config_id: Type.Optional(stringOrNull()),
    config_env: Type.Optional(stringOrNull()),
    deleted_at: Type.Optional(stringOrNull()),
    trigger_text: Type.Optional(Type.String()),
    button_text: Type.Optional(Type.String()),
    post_action_type: oneOf(POST_ACTION_TYPES),
    post_action_function_id: Type.String(),
    skip_tracking: Type.Optional(Type.Boolean()),
    execute_first: Type.Optional(Type.Boolean()),
    track: Type.Optional(Type.Boolean()),
    trigger_type: Type.Optional(Type.String()),
    thinking_text: Type.Optional(Type.String()),
    source_function_id: Type.Optional(stringOrNull()),
    active: Type.Boolean(),
    sequence: Type.Number(),
  },
  { description: 'Function node data (spec section 3). uuid equals the node id.' },
);
export type FunctionNodeData = Static<typeof FunctionNodeDataSchema>;

/** Prompt node data: the Instruct node (name Instruct, nodeType default). */
export const PromptNodeDataSchema = Type.Object(
  {
    prompt: Type.String(),
    name: Type.String(),
    nodeType: Type.Optional(Type.String()),
    trigger_text: Type.Optional(Type.String()),
  },
  { description: 'Prompt node data: the Instruct node.' },
);
export type PromptNodeData = Static<typeof PromptNodeDataSchema>;

/** One step of a saved workflow. */
export const WorkflowStepSchema = Type.Object({ skill: Type.String(), name: Type.String(), config: jsonObject() });
export type WorkflowStep = Static<typeof WorkflowStepSchema>;

/** Workflow node data: a saved workflow inserted into the flow. */
export const WorkflowNodeDataSchema = Type.Object(
  {
    name: Type.String(),
    description: Type.Optional(Type.String()),
    trigger_text: Type.Optional(Type.String()),
    metadata: Type.Intersect([Type.Object({ workflow_id: Type.String() }), jsonObject()]),
    steps: Type.Array(WorkflowStepSchema),
  },
  { description: 'Workflow node data: a saved workflow inserted into the flow.' },
);
export type WorkflowNodeData = Static<typeof WorkflowNodeDataSchema>;

/** A node of one type: its place on the canvas, its chain and its data. */
function nodeOf<T extends NodeType, D extends TSchema>(type: T, data: D) {
  return Type.Object(
    {
      id: Type.String({ minLength: 1 }),
      type: Type.Literal(type),
      chain: Type.String({ pattern: '^[0-9]+$', description: 'Chain number as a string: "1", "2", …' }),
      position: PositionSchema,
      data,
    },
    closed,
  );
}

export const FunctionNodeSchema = nodeOf('function', FunctionNodeDataSchema);
export const PromptNodeSchema = nodeOf('prompt', PromptNodeDataSchema);
export const WorkflowNodeSchema = nodeOf('workflow', WorkflowNodeDataSchema);
export type FunctionNode = Static<typeof FunctionNodeSchema>;
export type PromptNode = Static<typeof PromptNodeSchema>;
export type WorkflowNode = Static<typeof WorkflowNodeSchema>;
export type FlowNode = FunctionNode | PromptNode | WorkflowNode;
export type FlowNodeData = FlowNode['data'];

/** A node: its `type` says which of the three it is, and only that one's errors are reported. */
export const FlowNodeSchema = Type.Unsafe<FlowNode>({
  type: 'object',
  discriminator: { propertyName: 'type' },
  required: ['type'],
  properties: { type: { enum: [...NODE_TYPES] } },
  oneOf: [FunctionNodeSchema, PromptNodeSchema, WorkflowNodeSchema],
});

export const FlowEdgeSchema = Type.Object(
  {
    id: Type.String({ description: 'Always edge-{source}-to-{target}.' }),
    source: Type.String(),
    target: Type.String(),
    kind: oneOf(EDGE_KINDS, { description: 'node: within a chain; chain: between chains.' }),
  },
  { ...closed, description: 'Volatile UI fields (selected, animated, style, marker) are not stored.' },
);
export type FlowEdge = Static<typeof FlowEdgeSchema>;

/** A saved workflow of a plan (spec section 3). */
export const WorkflowSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    updated_at: Type.String(),
    plan_id: Type.String(),
    json: Type.Intersect([Type.Object({ steps: Type.Array(WorkflowStepSchema) }), jsonObject()]),
    planner_response: Type.Optional(anyJson()),
  },
  { description: 'A saved workflow of the plan (spec section 3).' },
);
export type Workflow = Static<typeof WorkflowSchema>;

/** One flow = one plan version = one file (ARCHITECTURE section 2). */
export const flowSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'Where this JSON Schema is.' })),
    format: Type.Literal(FLOW_FORMAT),
    planId: Type.String(),
    versionName: Type.String(),
    agentContext: Type.String({ description: 'Prefix of the final prompt.' }),
    agentNotes: Type.String({ description: 'Suffix of the final prompt (agent notes and style).' }),
    systemPrompt: Type.String(),
    startNodeId: Type.String(),
    nodes: Type.Array(FlowNodeSchema),
    edges: Type.Array(FlowEdgeSchema),
    viewport: Type.Optional(ViewportSchema),
    workflows: Type.Optional(Type.Array(WorkflowSchema)),
  },
  {
    ...closed,
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Flow document (flow/1)',
    description:
      'One flow = one plan version = one file, <planId>/<versionName>.flow.json. Structural objects (document, node, position, edge, viewport) are closed, and so is the metadata of each known function type (its keys are those of its definition); node data, workflows and the metadata of unknown function types are open, since providers may add fields.',
  },
);
export type FlowDocument = Static<typeof flowSchema>;

/** The parts written once under `definitions` in schema/flow.schema.json and referred to by `$ref`. */
export const FLOW_SCHEMA_DEFINITIONS: Record<string, TSchema> = {
  viewport: ViewportSchema,
  position: PositionSchema,
  node: FlowNodeSchema,
  functionNode: FunctionNodeSchema,
  promptNode: PromptNodeSchema,
  workflowNode: WorkflowNodeSchema,
  functionData: FunctionNodeDataSchema,
  promptData: PromptNodeDataSchema,
  workflowData: WorkflowNodeDataSchema,
  step: WorkflowStepSchema,
  edge: FlowEdgeSchema,
  workflow: WorkflowSchema,
};
