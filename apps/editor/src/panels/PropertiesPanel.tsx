import { Suspense } from 'react';
import { lazyComponent } from '../lazy/lazyComponent';
import { PromptTextarea } from '../nodes/PromptTextarea';
import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';

// The field editors are fetched when a function or workflow node is first selected.
const FunctionProperties = lazyComponent(() => import('./FunctionProperties').then((m) => m.FunctionProperties));
const WorkflowProperties = lazyComponent(() => import('./WorkflowProperties').then((m) => m.WorkflowProperties));

const selectedNodeSelector = (s: EditorState) => {
  const id = s.selectedNodeIds.at(-1);
  return id ? s.doc.nodes.find((n) => n.id === id) : undefined;
};

/** Properties of the selected node: a prompt's text, a workflow's steps, or a function's fields. */
export function PropertiesPanel() {
  const node = useEditor(selectedNodeSelector);
  if (!node) return <p className="empty">Select a node to view its properties.</p>;
  if (node.type === 'prompt') {
    return (
      <div className="properties">
        <h3 className="properties-title">{node.data.name || 'Instruct'}</h3>
        <PromptTextarea key={node.id} nodeId={node.id} value={node.data.prompt} className="textarea" rows={10} />
      </div>
    );
  }
  return (
    <Suspense fallback={<p className="empty">Loading…</p>}>
      {node.type === 'workflow' ? <WorkflowProperties key={node.id} node={node} /> : <FunctionProperties key={node.id} node={node} />}
    </Suspense>
  );
}
