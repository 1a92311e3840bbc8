import { useState, type ReactNode } from 'react';

export interface CommitSelectProps {
  id: string;
  /** The stored value. */
  value: string;
  children: ReactNode;
  /** Applies a chosen value; false when it was refused (the select then shows the stored value again). */
  onCommit: (value: string) => boolean;
  onFocus?: () => void;
  onPointerDown?: () => void;
}

/** Keys that move a closed select's value without choosing it. */
const BROWSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A select whose value changes the flow: a value reached with the arrow keys (or by typing) is
 * only shown until Enter or focus leaving chooses it, and Escape puts the stored one back; a
 * value picked with the pointer is chosen at once.
 */
export function CommitSelect({ id, value, children, onCommit, onFocus, onPointerDown }: CommitSelectProps) {
  const [pending, setPending] = useState<string | null>(null);
  const [browsing, setBrowsing] = useState(false);
  const commit = () => {
    setBrowsing(false);
    if (pending === null) return;
    setPending(null);
    if (pending !== value) onCommit(pending);
  };
  return (
    <select
      id={id}
      className="input"
      value={pending ?? value}
      onFocus={onFocus}
      onPointerDown={() => {
        setBrowsing(false);
        onPointerDown?.();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        } else if (e.key === 'Escape' && pending !== null) {
          // Escape undoes the browsing here; it does not close anything else.
          e.stopPropagation();
          e.preventDefault();
          setPending(null);
        } else if (BROWSING_KEYS.has(e.key) || e.key.length === 1) setBrowsing(true);
      }}
      onBlur={commit}
      onChange={(e) => {
        const next = e.target.value;
        if (browsing) setPending(next);
        else if (next !== value) onCommit(next);
      }}
    >
      {children}
    </select>
  );
}
