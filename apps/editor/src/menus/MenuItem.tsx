import { messages } from '@flow/core';
import type { KeyboardEventHandler, MouseEventHandler, Ref } from 'react';
import { actionOf, isEnabled, runAction, shownShortcut, type ActionId, type ActionTarget } from '../actions/actions';
import { shortcutHint } from '../actions/keys';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

export interface MenuItemProps {
  /** The registry's action: its label, shortcut hint, enabled-when and run. */
  action: ActionId;
  target?: ActionTarget;
  /** Replaces running the action (a submenu trigger opens its submenu). */
  onSelect?: () => void;
  /** For a submenu trigger: whether its submenu is open. */
  expanded?: boolean;
  ref?: Ref<HTMLButtonElement>;
  onKeyDown?: KeyboardEventHandler<HTMLButtonElement>;
  onMouseEnter?: MouseEventHandler<HTMLButtonElement>;
}

/** The shortcut hint in aria-keyshortcuts syntax ('Ctrl+D' -> 'Control+D', 'Del' -> 'Delete'). */
function ariaKeys(shortcut: string): string {
  return shortcut
    .split('+')
    .map((key) => (key === 'Ctrl' ? 'Control' : key === 'Del' ? 'Delete' : key))
    .join('+');
}

const NO_TARGET: ActionTarget = {};

/**
 * One entry of a context menu, read from the action registry; choosing it runs the action and
 * closes the menu. A disabled entry stays focusable and shows its tooltip.
 */
export function MenuItem({ action: id, target = NO_TARGET, onSelect, expanded, ref, onKeyDown, onMouseEnter }: MenuItemProps) {
  const store = useEditorStoreApi();
  const action = actionOf(id);
  const enabled = useEditor((s) => isEnabled(id, s, target));
  const disabled = !enabled;
  const keys = shownShortcut(id);
  const shortcut = keys ? shortcutHint(keys) : undefined;
  const title = action.comingSoon ? messages.comingSoon : undefined;
  const danger = action.danger ?? false;
  const label = action.label;
  const select =
    onSelect ??
    (() => {
      runAction(id, store.getState(), target);
      store.getState().closeContextMenu();
    });
  const submenu = expanded !== undefined;
  return (
    <button
      ref={ref}
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={danger ? 'ctx-item ctx-item-danger' : 'ctx-item'}
      aria-disabled={disabled || undefined}
      aria-keyshortcuts={shortcut ? ariaKeys(shortcut) : undefined}
      aria-haspopup={submenu ? 'menu' : undefined}
      aria-expanded={expanded}
      title={title}
      onClick={disabled ? undefined : select}
      onKeyDown={onKeyDown}
      onMouseEnter={onMouseEnter}
    >
      <span className="ctx-label">{label}</span>
      {shortcut ? (
        <kbd className="ctx-shortcut" aria-hidden="true">
          {shortcut}
        </kbd>
      ) : null}
      {submenu ? (
        <span className="ctx-chevron" aria-hidden="true">
          ›
        </span>
      ) : null}
    </button>
  );
}
