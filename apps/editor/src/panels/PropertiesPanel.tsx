import { PromptTextarea } from '../nodes/PromptTextarea';
import { useEditor } from '../store/EditorStoreContext';
import { FunctionProperties } from './FunctionProperties';
import { WorkflowProperties } from './WorkflowProperties';
import type { EditorState } from '../store/types';

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
  if (node.type === 'workflow') return <WorkflowProperties key={node.id} node={node} />;
  return <FunctionProperties key={node.id} node={node} />;
}
