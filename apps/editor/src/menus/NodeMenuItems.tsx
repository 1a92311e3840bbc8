import { messages } from '@flow/core';
import { MenuItem } from './MenuItem';
import { useMenuAction } from './useMenuAction';

/** Entries of a node's context menu (spec section 2; decisions.md "Context menu"). */
export function NodeMenuItems({ nodeId }: { nodeId: string }) {
  const act = useMenuAction();
  return (
    <>
      <MenuItem
        label="Edit Node"
        shortcut="Enter"
        onSelect={act((s) => {
          s.selectNode(nodeId);
          s.setPanelTab('properties');
        })}
      />
      <MenuItem label="Duplicate" shortcut="Ctrl+D" onSelect={act((s) => s.duplicateNode(nodeId))} />
      <MenuItem label="Change Type" disabled title={messages.comingSoon} />
      <div role="separator" className="ctx-separator" />
      <MenuItem label="Delete Node" shortcut="Del" danger onSelect={act((s) => s.removeNodes([nodeId]))} />
    </>
  );
}
