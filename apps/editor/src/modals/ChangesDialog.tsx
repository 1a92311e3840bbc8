import * as Dialog from '@radix-ui/react-dialog';
import { flowDiffMarkdown } from '@flow/core';
import { useReactFlow } from '@xyflow/react';
import { useCallback, useMemo } from 'react';
import { ACTIONS } from '../actions/actions';
import { estimatedSize } from '../canvas/flowBounds';
import { useFlowChanges } from '../canvas/useFlowChanges';
import { renderCaption } from '../help/renderCaption';
import { editorText } from '../messages';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import './modals.css';

const openSelector = (s: EditorState) => s.changesOpen;
const docSelector = (s: EditorState) => s.doc;
const publishedSelector = (s: EditorState) => s.publishedDoc;

/** 'Changes': the flow on screen against the last published one, as a review reads it (without the diagram). */
export function ChangesDialog() {
  const store = useEditorStoreApi();
  const open = useEditor(openSelector);
  const doc = useEditor(docSelector);
  const published = useEditor(publishedSelector);
  const changes = useFlowChanges();
  const { setCenter, getZoom } = useReactFlow();
  const setOpen = useCallback((next: boolean) => store.getState().setDialog('changesOpen', next), [store]);
  const html = useMemo(
    () =>
      published === null
        ? ''
        : renderCaption(
            flowDiffMarkdown({ file: `${doc.planId} · ${doc.versionName}`, before: published, after: doc }, { diagram: false }),
          ),
    [published, doc],
  );
  const reveal = (id: string) => {
    const state = store.getState();
    const node = state.doc.nodes.find((n) => n.id === id);
    if (!node) return;
    state.selectNode(id);
    setOpen(false);
    const size = state.measured.get(id) ?? estimatedSize(node);
    void setCenter(node.position.x + size.width / 2, node.position.y + size.height / 2, { zoom: getZoom(), duration: 0 });
  };
  const shown = changes ? [...changes.diff.nodes.added, ...changes.diff.nodes.changed] : [];
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className="modal changes" aria-describedby={undefined}>
          <header className="modal-header">
            <Dialog.Title className="modal-title">{ACTIONS.changes.label}</Dialog.Title>
            <Dialog.Close className="modal-close" aria-label={editorText.close}>
              ×
            </Dialog.Close>
          </header>
          <div className="modal-body changes-body">
            {changes === null ? (
              <p>{editorText.noChangesSincePublish}</p>
            ) : (
              <>
                {shown.length > 0 ? (
                  <nav aria-label={editorText.changedNodes}>
                    <p className="changes-nodes-title">{editorText.changedNodes}</p>
                    <ul className="changes-nodes">
                      {shown.map((node) => (
                        <li key={node.id}>
                          <button type="button" className="btn" onClick={() => reveal(node.id)}>
                            {node.name}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </nav>
                ) : null}
                {/* Core's markdown, sanitized: names and prompts are the builder's own text. */}
                <div className="changes-review" dangerouslySetInnerHTML={{ __html: html }} />
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
