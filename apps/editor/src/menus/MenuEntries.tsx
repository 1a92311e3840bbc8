import type { ContextMenuState } from '../store/types';
import { CanvasMenuItems } from './CanvasMenuItems';
import { EdgeMenuItems } from './EdgeMenuItems';
import { NodeMenuItems } from './NodeMenuItems';
import { SelectionMenuItems } from './SelectionMenuItems';

/** The entries of a context menu of each kind. */
export function MenuEntries({ menu }: { menu: ContextMenuState }) {
  switch (menu.kind) {
    case 'node':
      return <NodeMenuItems nodeId={menu.nodeId} />;
    case 'canvas':
      return <CanvasMenuItems flowPosition={menu.flowPosition} />;
    case 'selection':
      return <SelectionMenuItems />;
    case 'edge':
      return <EdgeMenuItems edgeId={menu.edgeId} />;
  }
}
