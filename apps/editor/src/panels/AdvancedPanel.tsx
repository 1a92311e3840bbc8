import { compileFlow, messages, nodeSchema, type FlowDocument, errorMessage } from '@flow/core';
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { DevTab, EditorState } from '../store/types';
import { AnalysisPanel } from './AnalysisPanel';
import { DevText } from './DevText';
import { DevView } from './DevView';
import { useSettledValue } from './useSettledValue';
import { editorText } from '../messages';

/** How long the flow stays the same before the schema and the prompt preview follow it. */
const PREVIEW_DELAY_MS = 150;

/** Schema copy feedback lasts 2 s (spec section 9). */
const SCHEMA_COPIED_MS = 2000;

const analysisSelector = (s: EditorState) => s.analysisOpen;

const loadingSelector = (s: EditorState) => s.loading;

const graphSelector = (s: EditorState) => ({ nodes: s.doc.nodes, edges: s.doc.edges });

/** Advanced: the Analysis toggle, Agent Context, Agent Notes and Style, System Prompt (open by default), Json Schema. */
export function AdvancedPanel() {
  const loading = useEditor(loadingSelector);
  const [copied, setCopied] = useState(false);
  // The chain list is drawn only while its section is open: on 5,000 nodes it was 5,500 items rebuilt in the task of every edit.
  const [schemaOpen, setSchemaOpen] = useState(false);
  const store = useEditorStoreApi();
  const analysis = useEditor(analysisSelector);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(nodeSchema(store.getState().doc), null, 2));
      setCopied(true);
      setTimeout(() => setCopied(false), SCHEMA_COPIED_MS);
    } catch {
      window.alert(messages.failedToCopy);
    }
  };
  return (
    <div className="advanced">
      <div className="analysis-toggle">
        <button
          type="button"
          className={`btn${analysis ? ' active' : ''}`}
          aria-pressed={analysis}
          onClick={() => store.getState().setAnalysisOpen(!analysis)}
        >
          {editorText.analysis}
        </button>
      </div>
      {analysis ? <AnalysisPanel /> : null}
      <details className="section">
        <summary>{editorText.agentContext}</summary>
        <p className="hint">{editorText.agentContextHelp}</p>
        <DevText field="agentContext" label={editorText.agentContext} />
      </details>
      <details className="section">
        <summary>{editorText.agentNotes}</summary>
        <p className="hint">{editorText.agentNotesHelp}</p>
        <DevText field="agentNotes" label={editorText.agentNotes} />
      </details>
      <details className="section" open>
        <summary>{editorText.systemPrompt}</summary>
        {loading ? (
          <div className="skeleton-block" aria-busy="true" />
        ) : (
          <DevText field="systemPrompt" label={editorText.systemPrompt} rows={14} />
        )}
      </details>
      <details className="section" onToggle={(event) => setSchemaOpen(event.currentTarget.open)}>
        <summary>{editorText.jsonSchema}</summary>
        <button type="button" className="btn" onClick={() => void copy()}>
          {copied ? messages.copied : 'Copy'}
        </button>
        {schemaOpen ? <SchemaChains /> : null}
      </details>
      <details className="section" open>
        <summary>{editorText.development}</summary>
        <DevelopmentTabs />
      </details>
    </div>
  );
}

/** The chains of the flow's schema, each with the names of its nodes in walk order. */
function SchemaChains() {
  const { nodes, edges } = useEditor(useShallow(graphSelector));
  const chains = useMemo(() => Object.entries(nodeSchema({ nodes, edges })), [nodes, edges]);
  if (chains.length === 0) return <p className="empty">{editorText.noChainsFound}</p>;
  return (
    <ul className="schema-chains">
      {chains.map(([chain, nodesOfChain]) => (
        <li key={chain}>
          <strong>Chain {chain}</strong>
          <ol>
            {Object.entries(nodesOfChain).map(([id, data]) => (
              <li key={id}>{data.name || id}</li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}

/** The development sub-tabs of spec section 2: the flow schema as JSON, and the compiled prompt. */
const DEV_TABS: readonly DevTab[] = ['schema', 'prompt'];

const devSelector = (s: EditorState) => ({ devTab: s.devTab, doc: s.doc });

function DevelopmentTabs() {
  const store = useEditorStoreApi();
  const { devTab, doc: current } = useEditor(useShallow(devSelector));
  // The schema and the compiled prompt (~13 ms at 5,000 nodes, in one piece) follow once the
  // flow has stayed the same for a moment: rendered between the frames that show a change (a
  // connection, a new chain), they held the second of them back.
  const doc = useSettledValue(current, PREVIEW_DELAY_MS) ?? current;
  return (
    <div className="dev-tabs">
      <div className="subtabs" role="tablist" aria-label={editorText.development}>
        {DEV_TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`dev-tab-${tab}`}
            aria-selected={devTab === tab}
            aria-controls={`dev-panel-${tab}`}
            className={`subtab${devTab === tab ? ' active' : ''}`}
            onClick={() => store.getState().setDevTab(tab)}
          >
            {tab}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`dev-panel-${devTab}`} aria-labelledby={`dev-tab-${devTab}`}>
        {devTab === 'schema' ? <SchemaView doc={doc} /> : <PromptPreview doc={doc} />}
      </div>
    </div>
  );
}

function SchemaView({ doc }: { doc: FlowDocument }) {
  const text = useMemo(() => JSON.stringify(nodeSchema(doc), null, 2), [doc]);
  return <DevView text={text} label={editorText.flowSchema} />;
}

/** What Play would compile now, without calling the provider; an empty flow shows why it cannot. */
function PromptPreview({ doc }: { doc: FlowDocument }) {
  const text = useMemo(() => {
    try {
      return compileFlow(doc).system_message;
    } catch (error) {
      return errorMessage(error);
    }
  }, [doc]);
  return <DevView text={text} label={editorText.promptPreview} />;
}
