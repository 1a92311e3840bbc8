import * as Dialog from '@radix-ui/react-dialog';
import { useId, useMemo, useRef, useState } from 'react';
import { ACTIONS } from '../actions/actions';
import { editorText } from '../messages';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState, NodePickerState } from '../store/types';
import { filterChoices, nodeChoices } from './nodeChoices';
import './modals.css';

const pickerSelector = (s: EditorState) => s.nodePicker;
const docSelector = (s: EditorState) => s.doc;

/** The searchable list inside the dialog; mounted on each open, so it starts empty. */
function NodePickerBody({ picker, onChosen }: { picker: NodePickerState; onChosen: () => void }) {
  const store = useEditorStoreApi();
  const doc = useEditor(docSelector);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const all = useMemo(() => nodeChoices(doc, picker), [doc, picker]);
  const shown = useMemo(() => filterChoices(all, query), [all, query]);
  const current = shown[Math.min(active, shown.length - 1)];
  const choose = (nodeId: string) => {
    const s = store.getState();
    if (picker.kind === 'connect') {
      const refused = s.connectNodes(picker.sourceId, nodeId);
      if (refused) {
        setError(refused);
        return;
      }
      onChosen();
      s.closeNodePicker();
      s.revealNode(picker.sourceId);
      return;
    }
    onChosen();
    s.closeNodePicker();
    s.revealNode(nodeId);
  };
  const optionId = (nodeId: string) => `${id}-${nodeId}`;
  return (
    <div className="modal-body node-picker">
      <label className="visually-hidden" htmlFor={`${id}-search`}>
        {editorText.searchNodes}
      </label>
      <input
        id={`${id}-search`}
        className="input"
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={current ? optionId(current.id) : undefined}
        value={query}
        autoComplete="off"
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            const step = e.key === 'ArrowDown' ? 1 : -1;
            setActive((i) => Math.max(0, Math.min(shown.length - 1, Math.min(i, shown.length - 1) + step)));
            setError(null);
          } else if (e.key === 'Enter' && current) {
            e.preventDefault();
            choose(current.id);
          }
        }}
      />
      <p className="visually-hidden" role="status">
        {shown.length === 0 ? editorText.noNodesFound : editorText.nodesFound(shown.length)}
      </p>
      {error ? (
        <p className="node-picker-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul id={`${id}-list`} role="listbox" aria-label={editorText.searchNodes} className="node-picker-list">
        {shown.map((c) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox above takes the keys (aria-activedescendant)
          <li
            key={c.id}
            id={optionId(c.id)}
            role="option"
            aria-selected={c === current}
            className={c === current ? 'node-picker-option active' : 'node-picker-option'}
            onPointerDown={(e) => e.preventDefault()}
            onClick={() => choose(c.id)}
          >
            {c.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'Connect to…' and 'Go to node': a searchable list of nodes, chosen with the arrows and Enter. */
export function NodePickerDialog() {
  const store = useEditorStoreApi();
  const picker = useEditor(pickerSelector);
  // A chosen node takes the focus (revealNode); Escape gives it back to where it was.
  const chosen = useRef(false);
  const title = picker?.kind === 'connect' ? ACTIONS.connectTo.label : ACTIONS.goToNode.label;
  return (
    <Dialog.Root
      open={picker !== null}
      onOpenChange={(open) => {
        if (!open) store.getState().closeNodePicker();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className="modal node-picker-modal"
          aria-describedby={undefined}
          onOpenAutoFocus={() => (chosen.current = false)}
          onCloseAutoFocus={(e) => {
            if (chosen.current) e.preventDefault();
          }}
        >
          <header className="modal-header">
            <Dialog.Title className="modal-title">{title}</Dialog.Title>
          </header>
          {picker ? <NodePickerBody picker={picker} onChosen={() => (chosen.current = true)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
