import * as Menu from '@radix-ui/react-context-menu';
import type { XYPosition } from '@flow/core';
import { useMemo } from 'react';
import { MENU_MARGIN } from './menuSize';
import { MenuItem, SubmenuTrigger } from './MenuItem';
import { ACTIONS } from '../actions/actions';

/** Entries of the canvas context menu: Paste, the Add Node submenu (Function Node, Prompt Node), Select All (spec section 2), then Generate Flow (decisions.md). */
export function CanvasMenuItems({ flowPosition }: { flowPosition: XYPosition }) {
  const target = useMemo(() => ({ flowPosition }), [flowPosition]);
  return (
    <>
      <MenuItem action="paste" target={target} />
      <Menu.Sub>
        <SubmenuTrigger action="addNode" />
        <Menu.Portal>
          <Menu.SubContent
            className="ctx-menu ctx-submenu"
            aria-label={ACTIONS.addNode.label}
            sideOffset={2}
            collisionPadding={MENU_MARGIN}
          >
            <MenuItem action="addFunctionNode" />
            <MenuItem action="addPromptNode" target={target} />
          </Menu.SubContent>
        </Menu.Portal>
      </Menu.Sub>
      <MenuItem action="selectAll" />
      <MenuItem action="generateFlow" />
    </>
  );
}
