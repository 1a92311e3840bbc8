import { messages } from '@flow/core';
import { MenuItem } from './MenuItem';
import { useMenuAction } from './useMenuAction';

/** Entries of the context menu of a multi-selection (spec section 2). */
export function SelectionMenuItems() {
  const act = useMenuAction();
  return (
    <>
      <MenuItem label="Copy Selection" shortcut="Ctrl+C" onSelect={act((s) => s.copySelection())} />
      <MenuItem label="Duplicate Selection" onSelect={act((s) => s.duplicateSelection())} />
      <MenuItem label="Group Nodes" disabled title={messages.comingSoon} />
      <div role="separator" className="ctx-separator" />
      <MenuItem label="Delete Selection" shortcut="Del" danger onSelect={act((s) => s.removeSelection())} />
    </>
  );
}
