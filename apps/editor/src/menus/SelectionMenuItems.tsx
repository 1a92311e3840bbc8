import * as Menu from '@radix-ui/react-context-menu';
import { MenuItem } from './MenuItem';

/** Entries of the context menu of a multi-selection (spec section 2). */
export function SelectionMenuItems() {
  return (
    <>
      <MenuItem action="copy" />
      <MenuItem action="duplicateSelection" />
      <MenuItem action="groupNodes" />
      <Menu.Separator className="ctx-separator" />
      <MenuItem action="deleteSelection" />
    </>
  );
}
