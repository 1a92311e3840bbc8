import { messages, type Workflow } from '@flow/core';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { editorText } from '../messages';

const listSelector = (s: EditorState) => ({ workflows: s.workflows, state: s.workflowsState });

/** The Select Workflow modal's body: loading, error with Retry, the workflows, or none. */
export function SelectWorkflowList() {
  const store = useEditorStoreApi();
  const { workflows, state } = useEditor(useShallow(listSelector));

  // Opened by Send Workflow: the chosen workflow becomes a send_workflow function node (decisions.md).
  const pick = (workflow: Workflow) => {
    const s = store.getState();
    const newChain = s.sendWorkflowNewChain;
    s.setDialog('selectWorkflowOpen', false);
    void s.addSendWorkflow(workflow, { newChain });
  };

  if (state === 'loading' || state === 'idle') {
    return (
      <div className="selwf-state" role="status">
        <span className="modal-spinner" aria-hidden="true" />
        {editorText.loadingWorkflows}
      </div>
    );
  }
  if (state === 'error') {
    return (
      <div className="selwf-state selwf-error" role="alert">
        <span>{messages.failedToLoadWorkflows}</span>
        <button type="button" className="btn" onClick={() => void store.getState().loadWorkflows(true)}>
          {editorText.retry}
        </button>
      </div>
    );
  }
  if (workflows.length === 0) return <div className="selwf-state">{editorText.noWorkflowsFound}</div>;
  return (
    <ul className="selwf-list">
      {workflows.map((workflow) => (
        <li key={workflow.id}>
          <button type="button" className="selwf-item" onClick={() => pick(workflow)}>
            <span className="selwf-name">{workflow.name}</span>
            <span className="selwf-desc">{workflow.description || 'No description'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
