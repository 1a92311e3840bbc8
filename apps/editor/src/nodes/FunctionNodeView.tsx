import type { FunctionNodeData } from '@flow/core';
import { functionDefinition } from '@flow/core';
import type { NodeProps, Node } from '@xyflow/react';
import { memo } from 'react';
import { NodeFrame } from './NodeFrame';
import { NodeHeader } from './NodeHeader';

type FunctionRFNode = Node<FunctionNodeData, 'function'>;

/** A function node: badge, name, its function type, four handles. */
export const FunctionNodeView = memo(function FunctionNodeView({ id, data, selected }: NodeProps<FunctionRFNode>) {
  const typeName = functionDefinition(data.type)?.name ?? data.type;
  return (
    <NodeFrame id={id} type="function" selected={selected} inactive={!data.active}>
      <NodeHeader id={id} name={data.name} triggerText={data.trigger_text ?? ''} selected={selected} label={typeName} />
    </NodeFrame>
  );
});
