import { functionDefinition } from '@flow/core';
import { PromptTextarea } from '../nodes/PromptTextarea';
import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';

const selectedNodeSelector = (s: EditorState) => {
  const id = s.selectedNodeIds.at(-1);
  return id ? s.doc.nodes.find((n) => n.id === id) : undefined;
};

/** Properties of the selected node (the full field editors plug in here). */
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
  return (
    <div className="properties">
      <h3 className="properties-title">{node.data.name}</h3>
      <p className="muted">{functionDefinition(node.data.type)?.name ?? node.data.type}</p>
      {node.data.description ? <p>{node.data.description}</p> : null}
    </div>
  );
}
