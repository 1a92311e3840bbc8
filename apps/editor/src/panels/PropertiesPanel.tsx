import { Suspense } from 'react';
import { lazyComponent } from '../lazy/lazyComponent';
import { PromptTextarea } from '../nodes/PromptTextarea';
import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { useAfterPaint } from './useAfterPaint';
import { editorText } from '../messages';

// The field editors are fetched when a function or workflow node is first selected.
const FunctionProperties = lazyComponent(() => import('./FunctionProperties').then((m) => m.FunctionProperties));
const WorkflowProperties = lazyComponent(() => import('./WorkflowProperties').then((m) => m.WorkflowProperties));

const selectedIdSelector = (s: EditorState) => s.selectedNodeIds.at(-1);

/** Properties of the selected node: a prompt's text, a workflow's steps, or a function's fields. */
export function PropertiesPanel() {
  const selected = useEditor(selectedIdSelector);
  // The form of a newly selected node follows the frame that shows the selection (useAfterPaint);
  // edits of the node shown follow at once.
  const id = useAfterPaint(selected);
  const node = useEditor((s: EditorState) => (id === undefined ? undefined : s.doc.nodes.find((n) => n.id === id)));
  if (!node) {
    return selected === undefined ? <p className="empty">{editorText.selectANode}</p> : <div className="properties" aria-busy="true" />;
  }
  if (node.type === 'prompt') {
    return (
      <div className="properties">
        <h3 className="properties-title">{node.data.name || 'Instruct'}</h3>
        <PromptTextarea key={node.id} nodeId={node.id} value={node.data.prompt} className="textarea" rows={10} />
      </div>
    );
  }
  return (
    <Suspense fallback={<p className="empty">{editorText.loading}</p>}>
      {node.type === 'workflow' ? <WorkflowProperties key={node.id} node={node} /> : <FunctionProperties key={node.id} node={node} />}
    </Suspense>
  );
}
