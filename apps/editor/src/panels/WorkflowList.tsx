import { exactTime, relativeTime } from '@flow/core';
import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { editorText } from '../messages';

const workflowsSelector = (s: EditorState) => ({ workflows: s.workflows, state: s.workflowsState, error: s.workflowsError });

/** The plan's saved workflows: search, Load onto the canvas, refresh and create. */
export function WorkflowList() {
  const store = useEditorStoreApi();
  const { workflows, state, error } = useEditor(useShallow(workflowsSelector));
  const [query, setQuery] = useState('');
  useEffect(() => {
    if (store.getState().workflowsState === 'idle') void store.getState().loadWorkflows();
  }, [store]);
  const list = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? workflows.filter((w) => `${w.name}\n${w.description}`.toLowerCase().includes(q)) : workflows;
  }, [workflows, query]);

  return (
    <div className="panel-list">
      <div className="panel-list-tools">
        <input
          className="search"
          type="search"
          placeholder={editorText.searchWorkflowsPlaceholder}
          aria-label={editorText.searchWorkflows}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button
          type="button"
          className="btn icon"
          title={editorText.refreshWorkflows}
          aria-label={editorText.refreshWorkflows}
          onClick={() => void store.getState().loadWorkflows(true)}
        >
          ⟳
        </button>
        <button
          type="button"
          className="btn icon"
          title={editorText.createWorkflow}
          aria-label={editorText.createWorkflow}
          onClick={() => store.getState().setDialog('createWorkflowOpen', true)}
        >
          +
        </button>
      </div>
      {state === 'loading' ? (
        <ul className="cards" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="card skeleton" />
          ))}
        </ul>
      ) : state === 'error' ? (
        <p className="empty error">{error}</p>
      ) : workflows.length === 0 ? (
        <p className="empty">{editorText.noWorkflowsForPlan}</p>
      ) : list.length === 0 ? (
        <p className="empty">{editorText.noWorkflowsMatch}</p>
      ) : (
        <ul className="cards">
          {list.map((w) => (
            <li key={w.id} className="card workflow-card">
              <div className="card-text">
                <span className="card-name">{w.name}</span>
                {w.updated_at ? (
                  <time className="card-date" dateTime={w.updated_at} title={exactTime(w.updated_at)}>
                    {relativeTime(w.updated_at)}
                  </time>
                ) : null}
                <span className="card-desc">{w.description || 'No description'}</span>
              </div>
              <button type="button" className="btn" onClick={() => store.getState().addWorkflowNode(w)}>
                {editorText.load}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
