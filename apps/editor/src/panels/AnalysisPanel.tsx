import {
  CYCLE_DETECTED,
  analyzeChains,
  chainList,
  messages,
  type Chain,
  type ChainNode,
  type ChainStructure,
  type FlowNode,
  type FunctionNodeData,
  errorMessage,
} from '@flow/core';
import { useCallback, useEffect, useState } from 'react';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { editorText } from '../messages';

type Analysis = { state: 'loading' } | { state: 'failed'; reason: string } | { state: 'done'; structure: ChainStructure<FunctionNodeData> };

/** What the panel tells the builder after 'Add to flow'. */
export const addedToFlow = (count: number): string =>
  `The flow now holds this chain: ${count} ${count === 1 ? 'function' : 'functions'} (Undo brings the previous nodes back)`;

const canvasNodes = (s: EditorState) => s.doc.nodes;

/**
 * The Analysis panel (spec section 4): the provider's functions as chain analysis sees them —
 * chains with their functions in order, standalone functions, missing functions and detected
 * cycles, each marked. 'Add to flow' clears the canvas nodes and re-adds that chain's functions
 * in one undo step.
 */
export function AnalysisPanel() {
  const store = useEditorStoreApi();
  const [analysis, setAnalysis] = useState<Analysis>({ state: 'loading' });
  const onCanvas = useEditor(canvasNodes);

  const analyze = useCallback(async () => {
    const { client, planId, versionName } = store.getState();
    setAnalysis({ state: 'loading' });
    try {
      if (!client || !planId) throw new Error(messages.planIdRequired);
      const functions = await client.getFunctions(planId, versionName);
      setAnalysis({ state: 'done', structure: analyzeChains(functions) });
    } catch (error) {
      const reason = errorMessage(error);
      setAnalysis({ state: 'failed', reason });
      store.getState().notify.error(`${messages.failedToAnalyzeFlow}: ${reason}`);
    }
  }, [store]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the analysis is fetched when the panel opens
    void analyze();
  }, [analyze]);

  const add = (chain: Chain<FunctionNodeData>) => {
    const count = store.getState().addChainToFlow(chain);
    store.getState().notify.success(addedToFlow(count));
  };

  return (
    <section className="analysis" aria-label={editorText.analysis}>
      <div className="analysis-head">
        <span className="hint">{editorText.analysisIntro}</span>
        <button type="button" className="btn" onClick={() => void analyze()} disabled={analysis.state === 'loading'}>
          {editorText.refresh}
        </button>
      </div>
      {analysis.state === 'loading' ? <div className="skeleton-block" aria-busy="true" aria-label={editorText.analyzing} /> : null}
      {analysis.state === 'failed' ? (
        <p className="analysis-failed" role="alert">
          {messages.failedToAnalyzeFlow}: {analysis.reason}
        </p>
      ) : null}
      {analysis.state === 'done' ? <AnalysisResult structure={analysis.structure} onCanvas={onCanvas} onAdd={add} /> : null}
    </section>
  );
}

function AnalysisResult({
  structure,
  onCanvas,
  onAdd,
}: {
  structure: ChainStructure<FunctionNodeData>;
  onCanvas: readonly FlowNode[];
  onAdd: (chain: Chain<FunctionNodeData>) => void;
}) {
  if (structure.chains.length === 0 && structure.standalone.length === 0)
    return <p className="empty">{editorText.noFunctionsFoundShort}</p>;
  // A standalone function is added as a chain of one (chainList's rule).
  const alone = chainList({ chains: [], standalone: structure.standalone });
  return (
    <>
      {structure.chains.length > 0 ? (
        <>
          <h4 className="analysis-title">{editorText.chains}</h4>
          <ul className="analysis-chains">
            {structure.chains.map((chain, i) => (
              <li key={chain.startFunction} className="analysis-chain" aria-label={`Chain ${i + 1}`}>
                <div className="analysis-chain-head">
                  <strong>Chain {i + 1}</strong>
                  <span className="hint">
                    {chain.length} {chain.length === 1 ? 'function' : 'functions'}
                  </span>
                  <button type="button" className="btn" onClick={() => onAdd(chain)}>
                    {editorText.addToFlowShort}
                  </button>
                </div>
                <ol className="analysis-nodes">
                  {chain.nodes.map((node, j) => (
                    <AnalysisNode key={`${node.uuid}-${j}`} node={node} onCanvas={onCanvas} />
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {alone.length > 0 ? (
        <>
          <h4 className="analysis-title">{editorText.standaloneFunctions}</h4>
          <ul className="analysis-chains">
            {alone.map((chain) => (
              <li key={chain.startFunction} className="analysis-chain analysis-standalone">
                <div className="analysis-chain-head">
                  <span>{chain.nodes[0]?.name || chain.startFunction}</span>
                  <button type="button" className="btn" onClick={() => onAdd(chain)}>
                    {editorText.addToFlowShort}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/**
 * One entry of a chain: a function, or a marked missing function or detected cycle. A missing
 * follow-up that is a prompt or workflow node of the canvas says so (it is not a function).
 */
function AnalysisNode({ node, onCanvas }: { node: ChainNode<FunctionNodeData>; onCanvas: readonly FlowNode[] }) {
  if (node.uuid === CYCLE_DETECTED)
    return (
      <li className="analysis-node analysis-cycle">
        <span aria-hidden="true">↻ </span>Cycle detected
      </li>
    );
  if (!node.exists)
    return (
      <li className="analysis-node analysis-missing">
        <span aria-hidden="true">⚠ </span>
        {editorText.missingFunction} <code>{node.uuid}</code>
        <NotAFunction uuid={node.uuid} onCanvas={onCanvas} />
      </li>
    );
  return <li className="analysis-node">{node.name || node.uuid}</li>;
}

function NotAFunction({ uuid, onCanvas }: { uuid: string; onCanvas: readonly FlowNode[] }) {
  const node = onCanvas.find((n) => n.id === uuid);
  if (!node || node.type === 'function') return null;
  return <span className="hint"> — a {node.type} node on the canvas, not a function</span>;
}
