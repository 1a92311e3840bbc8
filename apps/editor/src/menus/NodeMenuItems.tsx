import * as Menu from '@radix-ui/react-context-menu';
import { MenuItem } from './MenuItem';

/** Entries of a node's context menu (spec section 2; decisions.md "Context menu"). */
export function NodeMenuItems({ nodeId }: { nodeId: string }) {
  const target = { nodeId };
  return (
    <>
      <MenuItem action="edit" target={target} />
      <MenuItem action="connectTo" target={target} />
      <MenuItem action="duplicate" target={target} />
      <MenuItem action="changeType" />
      <Menu.Separator className="ctx-separator" />
      <MenuItem action="deleteNode" target={target} />
    </>
  );
}
