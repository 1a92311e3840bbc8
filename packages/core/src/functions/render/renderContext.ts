import type { JsonObject, NodeType } from '../../model/types.js';

/** What a metadata renderer may ask about the rest of the flow. */
export interface RenderContext {
  /** Indent of a step's lines. */
  indent: string;
  /** The name of a saved workflow of the plan, when known. */
  workflowName: (id: string) => string | undefined;
  /** A readable reference to a node of the flow by id, e.g. `function "Look up order" (step 2)`. */
  describeNode: (id: string) => string;
  /** The type of a node of the flow, when it is one. */
  nodeType(id: string): NodeType | undefined;
}

/** Renders the metadata of one function type as the lines a model reads. */
export type MetadataRenderer = (metadata: JsonObject, ctx: RenderContext) => string[];
