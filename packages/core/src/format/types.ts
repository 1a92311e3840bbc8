// The flow format's types come from its schema (format/flowSchema.ts), never written a second time.
import type { FlowNodeData } from './flowSchema.js';

export type {
  FlowDocument,
  FlowEdge,
  FlowNode,
  FlowNodeData,
  FunctionNode,
  FunctionNodeData,
  PromptNode,
  PromptNodeData,
  Viewport,
  Workflow,
  WorkflowNode,
  WorkflowNodeData,
  WorkflowStep,
  XYPosition,
} from './flowSchema.js';

/** The spec's map of chains to maps of node id -> node data. Derived, never stored. */
export type NodeSchema = Record<string, Record<string, FlowNodeData>>;
