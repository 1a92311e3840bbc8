import type { PromptNodeData } from '@flow/core';
import type { Node, NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { PromptTextarea } from './PromptTextarea';
import { NodeFrame } from './NodeFrame';
import { NodeHeader } from './NodeHeader';

type PromptRFNode = Node<PromptNodeData, 'prompt'>;

/** A prompt (Instruct) node: badge, name and the instruction text area. */
export const PromptNodeView = memo(function PromptNodeView({ id, data, selected }: NodeProps<PromptRFNode>) {
  return (
    <NodeFrame id={id} type="prompt" selected={selected}>
      <NodeHeader id={id} name={data.name || 'Instruct'} triggerText={data.trigger_text ?? ''} selected={selected} />
      <PromptTextarea nodeId={id} value={data.prompt} className="flow-node-textarea nodrag nowheel" rows={4} />
    </NodeFrame>
  );
});
