import type { KeyboardEventHandler, MouseEventHandler, Ref } from 'react';

export interface MenuItemProps {
  label: string;
  /** Shortcut hint as shown, e.g. 'Ctrl+D' or 'Del'. */
  shortcut?: string;
  disabled?: boolean;
  title?: string;
  danger?: boolean;
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

/** One entry of a context menu; a disabled entry stays focusable and shows its tooltip. */
export function MenuItem({ label, shortcut, disabled = false, title, danger = false, onSelect, expanded, ref, onKeyDown, onMouseEnter }: MenuItemProps) {
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
      onClick={disabled ? undefined : onSelect}
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
