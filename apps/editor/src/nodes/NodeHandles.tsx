import { Handle, Position } from '@xyflow/react';

/** Every node's four handles: top and left are targets, right and bottom are sources. */
export const NODE_HANDLES = [
  { id: 'top', type: 'target', position: Position.Top },
  { id: 'left', type: 'target', position: Position.Left },
  { id: 'right', type: 'source', position: Position.Right },
  { id: 'bottom', type: 'source', position: Position.Bottom },
] as const;

/** A handle's box in CSS pixels (nodes.css: 8 px and a 1 px border), centred on the node's side. */
export const HANDLE_PX = 10;

/** Four handles: top and left are targets, right and bottom are sources. */
export function NodeHandles() {
  return (
    <>
      {NODE_HANDLES.map((h) => (
        <Handle key={h.id} type={h.type} position={h.position} id={h.id} />
      ))}
    </>
  );
}
