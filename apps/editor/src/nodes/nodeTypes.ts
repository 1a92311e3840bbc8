import type { NodeTypes } from '@xyflow/react';
import { FunctionNodeView } from './FunctionNodeView';
import { PromptNodeView } from './PromptNodeView';
import { WorkflowNodeView } from './WorkflowNodeView';
import './nodes.css';

/** Custom node components by flow node type; a module constant so React Flow never re-registers. */
export const nodeTypes: NodeTypes = {
  function: FunctionNodeView,
  prompt: PromptNodeView,
  workflow: WorkflowNodeView,
};
