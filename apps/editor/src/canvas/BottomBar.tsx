import { useShallow } from 'zustand/react/shallow';
import { actionOf, isEnabled, runAction, shownShortcut, type ActionId } from '../actions/actions';
import { shortcutHint } from '../actions/keys';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import { keepFocus } from '../keyboard/keepFocus';
import type { EditorState } from '../store/types';
import { editorText } from '../messages';

/** The bar's buttons in order; Add shows its key in its text too ('+ Add (Space)'). */
const BAR: readonly { id: ActionId; keyInText?: true; primary?: true }[] = [
  { id: 'palette', keyInText: true },
  { id: 'erase' },
  { id: 'newChain' },
  { id: 'undo' },
  { id: 'redo' },
  { id: 'play', primary: true },
  { id: 'reportBug' },
];

const enabledSelector = (s: EditorState): boolean[] => BAR.map(({ id }) => isEnabled(id, s));

/** The floating bottom bar: Add (Space), Erase Selected, New Chain, Undo, Redo, Play, Report a Bug. */
export function BottomBar() {
  const store = useEditorStoreApi();
  const enabled = useEditor(useShallow(enabledSelector));
  return (
    <div className="bottom-bar" role="toolbar" aria-label={editorText.flowActions}>
      {BAR.map(({ id, keyInText, primary }, i) => {
        const action = actionOf(id);
        const shortcut = shownShortcut(id);
        const title = shortcut ? `${action.label} (${shortcutHint(shortcut)})` : action.label;
        const on = enabled[i] ?? true;
        return (
          <button
            key={id}
            type="button"
            className={primary ? 'btn btn-primary' : 'btn'}
            onClick={() => {
              if (!on && !action.explainsWhenDisabled) return;
              const before = store.getState().doc;
              if (runAction(id, store.getState())) keepFocus(store, before);
            }}
            // aria-disabled, never disabled: Undo used up would otherwise drop the focus to the page.
            aria-disabled={!on}
            title={title}
          >
            {action.icon} {keyInText ? title : action.label}
          </button>
        );
      })}
    </div>
  );
}
