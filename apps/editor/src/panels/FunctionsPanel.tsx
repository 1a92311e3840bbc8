import { QUICK_FUNCTIONS, createFunctionData, filterFunctions, type QuickFunction } from '@flow/core';
import { useMemo, useState } from 'react';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { WorkflowList } from './WorkflowList';
import { editorText } from '../messages';

const planSelector = (s: EditorState) => s.planId;

/** Functions tab: the six quick function types (add, or add in a new chain) and the plan's workflows. */
export function FunctionsPanel() {
  const [sub, setSub] = useState<'functions' | 'workflows'>('functions');
  return (
    <div className="functions-panel">
      <div className="subtabs" role="tablist" aria-label={editorText.functionsAndWorkflows}>
        <button
          type="button"
          role="tab"
          aria-selected={sub === 'functions'}
          className={`subtab${sub === 'functions' ? ' active' : ''}`}
          onClick={() => setSub('functions')}
        >
          {editorText.functions}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={sub === 'workflows'}
          className={`subtab${sub === 'workflows' ? ' active' : ''}`}
          onClick={() => setSub('workflows')}
        >
          {editorText.workflows}
        </button>
      </div>
      {sub === 'functions' ? <FunctionList /> : <WorkflowList />}
    </div>
  );
}

function FunctionList() {
  const store = useEditorStoreApi();
  const planId = useEditor(planSelector);
  const [query, setQuery] = useState('');
  const list = useMemo(() => filterFunctions(QUICK_FUNCTIONS, query), [query]);

  const add = (fn: QuickFunction, newChain: boolean) => {
    if (fn.disabled) return;
    if (fn.type === 'send_workflow') {
      store.getState().openSendWorkflow(newChain);
      return;
    }
    const data = createFunctionData(fn.type, { uuid: '', planId, name: fn.name, metadata: fn.metadata, trigger_text: fn.trigger_text });
    store.getState().addNode({ type: 'function', data }, { newChain });
  };

  return (
    <div className="panel-list">
      <input
        className="search"
        type="search"
        placeholder={editorText.searchFunctionsPlaceholder}
        aria-label={editorText.searchFunctions}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {list.length === 0 ? <p className="empty">{editorText.noFunctionsMatch}</p> : null}
      <ul className="cards">
        {list.map((fn) => (
          <li key={fn.type} className={`card${fn.disabled ? ' disabled' : ''}`}>
            <button type="button" className="card-main" onClick={() => add(fn, false)} aria-disabled={fn.disabled} title={fn.tooltip}>
              <span className="card-emoji">{fn.trigger_text}</span>
              <span className="card-text">
                <span className="card-name">{fn.name}</span>
                <span className="card-desc">{fn.description}</span>
              </span>
            </button>
            <button
              type="button"
              className="card-plus"
              onClick={() => add(fn, true)}
              aria-disabled={fn.disabled}
              title={fn.disabled ? fn.tooltip : `Add ${fn.name} in a new chain`}
              aria-label={`Add ${fn.name} in a new chain`}
            >
              +
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
