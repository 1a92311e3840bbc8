import * as Menu from '@radix-ui/react-context-menu';
import { messages } from '@flow/core';
import { actionOf, isEnabled, runAction, shownShortcut, type ActionId, type ActionTarget } from '../actions/actions';
import { shortcutHint } from '../actions/keys';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import { keepFocus } from '../keyboard/keepFocus';

export interface MenuItemProps {
  /** The registry's action: its label, shortcut hint, enabled-when and run. */
  action: ActionId;
  target?: ActionTarget;
}

const NO_TARGET: ActionTarget = {};

/** The shortcut hint in aria-keyshortcuts syntax ('Ctrl+D' -> 'Control+D', 'Del' -> 'Delete'). */
function ariaKeys(shortcut: string): string {
  return shortcut
    .split('+')
    .map((key) => (key === 'Ctrl' ? 'Control' : key === 'Del' ? 'Delete' : key))
    .join('+');
}

function ItemText({ id, chevron }: { id: ActionId; chevron?: boolean }) {
  const keys = shownShortcut(id);
  return (
    <>
      <span className="ctx-label">{actionOf(id).label}</span>
      {keys ? (
        <kbd className="ctx-shortcut" aria-hidden="true">
          {shortcutHint(keys)}
        </kbd>
      ) : null}
      {chevron ? (
        <span className="ctx-chevron" aria-hidden="true">
          ›
        </span>
      ) : null}
    </>
  );
}

/**
 * One entry of a context menu, read from the action registry; choosing it runs the action and
 * the menu closes. A disabled entry stays focusable, shows its tooltip and neither acts nor closes.
 */
export function MenuItem({ action: id, target = NO_TARGET }: MenuItemProps) {
  const store = useEditorStoreApi();
  const action = actionOf(id);
  const enabled = useEditor((s) => isEnabled(id, s, target));
  const keys = shownShortcut(id);
  return (
    <Menu.Item
      className={action.danger ? 'ctx-item ctx-item-danger' : 'ctx-item'}
      aria-disabled={enabled ? undefined : true}
      aria-keyshortcuts={keys ? ariaKeys(shortcutHint(keys)) : undefined}
      title={action.comingSoon ? messages.comingSoon : undefined}
      onSelect={(event) => {
        if (!enabled) event.preventDefault();
        else {
          const before = store.getState().doc;
          if (runAction(id, store.getState(), target)) keepFocus(store, before);
        }
      }}
    >
      <ItemText id={id} />
    </Menu.Item>
  );
}

/** The entry that opens a submenu (on hover, click, Enter or ArrowRight). */
export function SubmenuTrigger({ action: id }: { action: ActionId }) {
  return (
    <Menu.SubTrigger className="ctx-item">
      <ItemText id={id} chevron />
    </Menu.SubTrigger>
  );
}
