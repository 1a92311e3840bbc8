/** Shortcuts are ignored while focus is in an input, a textarea or editable text. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName.toLowerCase();
  return tag === 'input' || tag === 'textarea' || tag === 'select' || target.isContentEditable;
}

/** Enter on a focused control presses that control; it is not a shortcut there. */
export function isControl(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.tagName.toLowerCase() === 'button' || target.tagName.toLowerCase() === 'a') return true;
  const role = target.getAttribute('role');
  return role === 'button' || role === 'menuitem' || role === 'tab' || role === 'option' || role === 'checkbox';
}
