import * as Dialog from '@radix-ui/react-dialog';
import { GENERATE_LIMITS, type GeneratedFlow, errorMessage } from '@flow/core';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { actionOf } from '../actions/actions';
import { requestGeneratedFlow } from '../api/generateClient';
import { chosenModel, modelStatus } from '../api/playgroundClient';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import './modals.css';
import './generate.css';
import { editorText } from '../messages';

const openSelector = (s: EditorState) => s.generateOpen;

type ModelState = { state: 'checking' } | { state: 'ready'; text: string } | { state: 'missing'; text: string };

/**
 * Generate Flow: a description goes to the provider's model, which proposes nodes; the builder
 * reviews them (names, prompts, emoji) and inserts them as a new chain in one undo step, or
 * cancels. Progress and errors are toasts; without a model the dialog says what to set.
 */
export function GenerateFlowDialog() {
  const store = useEditorStoreApi();
  const open = useEditor(openSelector);
  const [description, setDescription] = useState('');
  const [proposal, setProposal] = useState<GeneratedFlow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [model, setModel] = useState<ModelState>({ state: 'checking' });
  const pending = useRef<AbortController | null>(null);
  const describeId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    modelStatus()
      .then(({ configured, text }) => live && setModel(configured ? { state: 'ready', text } : { state: 'missing', text }))
      .catch(() => live && setModel({ state: 'ready', text: '' }));
    return () => {
      live = false;
    };
  }, [open]);

  const close = useCallback(() => {
    pending.current?.abort();
    pending.current = null;
    store.getState().setDialog('generateOpen', false);
  }, [store]);

  const onOpenChange = useCallback((next: boolean) => (next ? undefined : close()), [close]);

  const text = description.trim();
  const canGenerate = text !== '' && !busy && model.state !== 'missing';

  const generate = async () => {
    if (!canGenerate) return;
    const controller = new AbortController();
    pending.current = controller;
    setBusy(true);
    setFailure('');
    setProposal(null);
    const progress = store.getState().notify.progress(editorText.generatingFlow);
    try {
      const flow = await requestGeneratedFlow(text, chosenModel() || undefined, controller.signal);
      if (controller.signal.aborted) return;
      setProposal(flow);
      progress.succeed(editorText.generateProposed(flow.nodes.length));
    } catch (error) {
      if (controller.signal.aborted) {
        progress.dismiss();
        return;
      }
      const message = errorMessage(error);
      setFailure(message);
      progress.fail(message);
    } finally {
      if (pending.current === controller) pending.current = null;
      setBusy(false);
    }
  };

  const insert = () => {
    if (!proposal) return;
    const ids = store.getState().insertGenerated(proposal);
    store.getState().notify.success(editorText.generateInserted(ids.length));
    setProposal(null);
    setDescription('');
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void generate();
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className="modal generate"
          aria-describedby={undefined}
          data-testid="generate-flow-dialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            textarea.current?.focus();
          }}
        >
          <header className="modal-header">
            <Dialog.Title className="modal-title">{actionOf('generateFlow').label}</Dialog.Title>
            <Dialog.Close className="modal-close" aria-label={editorText.close}>
              ×
            </Dialog.Close>
          </header>
          <div className="modal-body generate-body">
            {model.state === 'missing' ? (
              <p className="generate-missing" role="alert">
                {model.text}
              </p>
            ) : model.state === 'ready' && model.text ? (
              <p className="generate-model">{model.text}</p>
            ) : null}
            <label className="generate-label" htmlFor={describeId}>
              {editorText.describeAgent}
            </label>
            <textarea
              ref={textarea}
              id={describeId}
              className="generate-description"
              rows={4}
              maxLength={GENERATE_LIMITS.maxDescription}
              placeholder={editorText.describeAgentExample}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <div className="generate-actions">
              <button type="button" className="btn btn-primary" disabled={!canGenerate} onClick={() => void generate()}>
                {busy ? <span className="modal-spinner" aria-hidden="true" /> : null} {editorText.generate}
              </button>
              <span className="hint">{editorText.generateShortcut}</span>
            </div>
            {failure ? (
              <p className="generate-failure" role="alert">
                {failure}
              </p>
            ) : null}
            {proposal ? <Preview flow={proposal} /> : null}
          </div>
          <footer className="modal-footer">
            <Dialog.Close className="btn">{editorText.cancel}</Dialog.Close>
            <button type="button" className="btn btn-primary" disabled={!proposal || busy} onClick={insert}>
              {editorText.insert}
            </button>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The proposed nodes in chain order: emoji, name, kind, description and prompt. */
function Preview({ flow }: { flow: GeneratedFlow }) {
  return (
    <ol className="generate-preview" aria-label={editorText.proposedNodes}>
      {flow.nodes.map((node, i) => (
        <li key={i} className="generate-node">
          <span className="generate-emoji" aria-hidden="true">
            {node.emoji}
          </span>
          <div className="generate-text">
            <div>
              <strong className="generate-name">{node.label}</strong>{' '}
              <span className="generate-kind">{editorText.generatedKind[node.type]}</span>
            </div>
            {node.description ? <p className="generate-about">{node.description}</p> : null}
            {node.prompt ? <p className="generate-prompt">{node.prompt}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
