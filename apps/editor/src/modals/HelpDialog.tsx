import * as Dialog from '@radix-ui/react-dialog';
import { useCallback } from 'react';
import keybindings from '../data/keybindings.json';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import './modals.css';

/** A keybind entry (spec section 3): keys, description, category. */
export interface Keybind {
  keys: string;
  description: string;
  category: string;
}

const KEYBINDS: readonly Keybind[] = keybindings;
const CATEGORIES = [...new Set(KEYBINDS.map((k) => k.category))];
const openSelector = (s: EditorState) => s.helpOpen;

/** 'How to use' (F1): the keybindings cheatsheet, read from the editor's data file. */
export function HelpDialog() {
  const store = useEditorStoreApi();
  const open = useEditor(openSelector);
  const onOpenChange = useCallback((next: boolean) => store.getState().setDialog('helpOpen', next), [store]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className="modal help" aria-describedby={undefined} data-testid="help-dialog">
          <header className="modal-header">
            <Dialog.Title className="modal-title">How to use</Dialog.Title>
            <Dialog.Close className="modal-close" aria-label="Close">
              ×
            </Dialog.Close>
          </header>
          <div className="modal-body help-body">
            <h3 className="help-heading">Keybindings</h3>
            {CATEGORIES.map((category) => (
              <section key={category} className="help-section">
                <h4>{category}</h4>
                <dl className="help-keys">
                  {KEYBINDS.filter((k) => k.category === category).map((k) => (
                    <div key={k.keys} className="help-row">
                      <dt>
                        <kbd>{k.keys}</kbd>
                      </dt>
                      <dd>{k.description}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
