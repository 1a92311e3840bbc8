import { Suspense, useState, type ReactNode } from 'react';
import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';

/**
 * Renders its (lazily loaded) children from the first time `opened` is true on, and keeps them
 * mounted afterwards, so a dialog behaves as if it had always been there once its code is in.
 */
export function MountWhenOpened({ opened, children }: { opened: (s: EditorState) => boolean; children: ReactNode }) {
  const open = useEditor(opened);
  const [seen, setSeen] = useState(open);
  if (open && !seen) setSeen(true);
  return seen || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
