import { messages, nodeSchema } from '@flow/core';
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { DevText } from './DevText';

/** Schema copy feedback lasts 2 s (spec section 9). */
const SCHEMA_COPIED_MS = 2000;

const advancedSelector = (s: EditorState) => ({ loading: s.loading, nodes: s.doc.nodes, edges: s.doc.edges, devTab: s.devTab });

/** Advanced: Agent Context, Agent Notes and Style, System Prompt (open by default), Json Schema. */
export function AdvancedPanel() {
  const { loading, nodes, edges } = useEditor(useShallow(advancedSelector));
  const schema = useMemo(() => nodeSchema({ nodes, edges }), [nodes, edges]);
  const [copied, setCopied] = useState(false);
  const chains = Object.entries(schema);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(schema, null, 2));
      setCopied(true);
      setTimeout(() => setCopied(false), SCHEMA_COPIED_MS);
    } catch {
      window.alert(messages.failedToCopy);
    }
  };
  return (
    <div className="advanced">
      <details className="section">
        <summary>Agent Context</summary>
        <p className="hint">Prepended to the final prompt.</p>
        <DevText field="agentContext" label="Agent Context" />
      </details>
      <details className="section">
        <summary>Agent Notes and Style</summary>
        <p className="hint">Appended to the final prompt.</p>
        <DevText field="agentNotes" label="Agent Notes and Style" />
      </details>
      <details className="section" open>
        <summary>System Prompt</summary>
        {loading ? <div className="skeleton-block" aria-busy="true" /> : <DevText field="systemPrompt" label="System Prompt" rows={14} />}
      </details>
      <details className="section">
        <summary>Json Schema</summary>
        <button type="button" className="btn" onClick={() => void copy()}>
          {copied ? messages.copied : 'Copy'}
        </button>
        {chains.length === 0 ? (
          <p className="empty">No chains found.</p>
        ) : (
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
        )}
      </details>
    </div>
  );
}
