import { useEffect } from 'react';

/** While `on`, text on the page cannot be selected (fields stay usable); see help.css. */
export function useSelectionLock(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    const root = document.documentElement;
    root.classList.add('select-lock');
    return () => root.classList.remove('select-lock');
  }, [on]);
}
