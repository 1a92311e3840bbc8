import { PromptTextarea } from '../nodes/PromptTextarea';
import { useEditor } from '../store/EditorStoreContext';
import { FunctionProperties } from './FunctionProperties';
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
  if (node.type === 'workflow') {
    return (
      <div className="properties">
        <h3 className="properties-title">{node.data.name}</h3>
        <ol>
          {node.data.steps.map((step, i) => (
            <li key={i}>
              {step.name || step.skill} <span className="muted">({step.skill})</span>
            </li>
          ))}
        </ol>
      </div>
    );
  }
  return <FunctionProperties key={node.id} node={node} />;
}
