import { Suspense, useEffect, useRef } from 'react';
import { focusWhenShown } from '../keyboard/focusWhenShown';
import { lazyComponent } from '../lazy/lazyComponent';
import { PromptTextarea } from '../nodes/PromptTextarea';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { useAfterPaint } from './useAfterPaint';
import { editorText } from '../messages';

// The field editors are fetched when a function or workflow node is first selected.
const FunctionProperties = lazyComponent(() => import('./FunctionProperties').then((m) => m.FunctionProperties));
const WorkflowProperties = lazyComponent(() => import('./WorkflowProperties').then((m) => m.WorkflowProperties));

const focusSelector = (s: EditorState) => s.propertiesFocus;
const selectedIdSelector = (s: EditorState) => s.selectedNodeIds.at(-1);

/** Properties of the selected node: a prompt's text, a workflow's steps, or a function's fields. */
export function PropertiesPanel() {
  const selected = useEditor(selectedIdSelector);
  // The form of a newly selected node follows the frame that shows the selection (useAfterPaint);
  // edits of the node shown follow at once.
  const id = useAfterPaint(selected);
  const node = useEditor((s: EditorState) => (id === undefined ? undefined : s.doc.nodes.find((n) => n.id === id)));
  const store = useEditorStoreApi();
  const area = useRef<HTMLDivElement>(null);
  const focus = useEditor(focusSelector);
  useEffect(() => {
    if (!focus) return;
    // The first field of that node's Properties (its Name), once drawn: the panel loads after paint.
    return focusWhenShown(() => {
      const el = area.current;
      if (el?.dataset.propertiesOf !== focus.nodeId) return null;
      return el.querySelector<HTMLElement>('input:not([type="checkbox"]), textarea');
    });
  }, [focus]);
  if (!node) {
    return selected === undefined ? <p className="empty">{editorText.selectANode}</p> : <div className="properties" aria-busy="true" />;
  }
  return (
    // Escape in a node's Properties gives the focus back to the node.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a key handler for the fields inside, not a control
    <div
      ref={area}
      data-properties-of={node.id}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        store.getState().revealNode(node.id);
      }}
    >
      {node.type === 'prompt' ? (
        <div className="properties">
          <h3 className="properties-title">{node.data.name || 'Instruct'}</h3>
          <PromptTextarea key={node.id} nodeId={node.id} value={node.data.prompt} className="textarea" rows={10} />
        </div>
      ) : (
        <Suspense fallback={<p className="empty">{editorText.loading}</p>}>
          {node.type === 'workflow' ? <WorkflowProperties key={node.id} node={node} /> : <FunctionProperties key={node.id} node={node} />}
        </Suspense>
      )}
    </div>
  );
}
