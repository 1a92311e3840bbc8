import type { WorkflowNodeData } from '@flow/core';
import type { Node, NodeProps } from '@xyflow/react';
import { memo, useCallback, useState } from 'react';
import { blankTab, openLink } from '../api/openLink';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { NodeFrame } from './NodeFrame';
import { NodeHeader } from './NodeHeader';
import { editorText } from '../messages';

type WorkflowRFNode = Node<WorkflowNodeData, 'workflow'>;

/** A saved workflow on the canvas: name, 'Workflow' label, numbered steps and 'Run Workflow'. */
export const WorkflowNodeView = memo(function WorkflowNodeView({ id, data, selected }: NodeProps<WorkflowRFNode>) {
  const store = useEditorStoreApi();
  const [running, setRunning] = useState(false);
  const run = useCallback(
    async (event: React.MouseEvent) => {
      event.stopPropagation();
      setRunning(true);
      // Open the tab now, while the click still counts as a user gesture; fill it when the link comes.
      const tab = blankTab();
      const link = await store.getState().runWorkflow(data.metadata.workflow_id);
      setRunning(false);
      if (link === null) tab?.close();
      else {
        const refused = openLink(tab, link);
        if (refused !== null) store.getState().notify.error(refused);
      }
    },
    [store, data.metadata.workflow_id],
  );
  return (
    <NodeFrame id={id} type="workflow" selected={selected}>
      <NodeHeader id={id} name={data.name} triggerText={data.trigger_text ?? ''} selected={selected} label={editorText.workflow} />
      <div className="flow-node-steps">
        <div className="flow-node-steps-title">{editorText.steps}</div>
        <ol>
          {data.steps.map((step, i) => (
            <li key={i}>{step.name || step.skill}</li>
          ))}
        </ol>
      </div>
      <button type="button" className="btn btn-primary flow-node-run nodrag" onClick={run} disabled={running}>
        {running ? 'Loading...' : 'Run Workflow'}
      </button>
    </NodeFrame>
  );
});
