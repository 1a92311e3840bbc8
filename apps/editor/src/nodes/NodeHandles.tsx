import { Handle, Position } from '@xyflow/react';

/** Four handles: top and left are targets, right and bottom are sources. */
export function NodeHandles() {
  return (
    <>
      <Handle type="target" position={Position.Top} id="top" />
      <Handle type="target" position={Position.Left} id="left" />
      <Handle type="source" position={Position.Right} id="right" />
      <Handle type="source" position={Position.Bottom} id="bottom" />
    </>
  );
}
