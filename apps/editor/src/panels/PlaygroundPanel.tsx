import { SECRETS_PAGE_PATH, errorMessage, joinUrl, messages, secretMessages, unsetSecretOf } from '@flow/core';
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { chooseModel, chosenModel, modelStatus, playgroundTurn } from '../api/playgroundClient';
import { providerUrl } from '../api/providerUrl';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { playgroundConversation, resetConversation, transcriptText, type PlaygroundEntry } from './playgroundStore';
import { answeredTurns } from './saveAsTest';
import { SaveAsTestDialog } from './SaveAsTestDialog';
import { TestsView } from './TestsView';
import { editorText } from '../messages';

const planSelector = (s: EditorState) => ({ planId: s.planId, versionName: s.versionName });

type PlaygroundView = 'chat' | 'tests';
const VIEWS: readonly { view: PlaygroundView; label: string }[] = [
  { view: 'chat', label: editorText.chat },
  { view: 'tests', label: editorText.tests },
];

function ToolCall({ call }: { call: PlaygroundEntry['toolCalls'][number] }) {
  const unsetSecret = call.error === undefined ? undefined : unsetSecretOf(call.error);
  return (
    <details className={`pg-tool${call.error === undefined ? '' : ' pg-tool-failed'}`}>
      <summary>
        <code>{call.name}</code> {call.error === undefined ? 'ok' : 'failed'} · {call.ms} ms{call.followUp ? ' · follow-up' : ''}
      </summary>
      <dl>
        <dt>{editorText.type}</dt>
        <dd>{call.functionType}</dd>
        <dt>{editorText.arguments}</dt>
        <dd>
          <pre>{JSON.stringify(call.arguments, null, 2)}</pre>
        </dd>
        <dt>{call.error === undefined ? 'Output' : 'Error'}</dt>
        <dd>
          <pre>{call.error ?? call.output}</pre>
          {unsetSecret === undefined ? null : (
            <a href={joinUrl(providerUrl(), SECRETS_PAGE_PATH)} target="_blank" rel="noopener noreferrer">
              {secretMessages.setOnSecretsPage(unsetSecret)}
            </a>
          )}
        </dd>
      </dl>
    </details>
  );
}

/**
 * The Playground: chats with the flow as it is on screen (unpublished). The provider runs the
 * agent, so the model's key and the tools' secrets never reach the browser; the reply streams in,
 * each tool call can be opened to see its arguments and output.
 */
export function PlaygroundPanel() {
  const editor = useEditorStoreApi();
  const { planId, versionName } = useEditor(useShallow(planSelector));
  const conversation = playgroundConversation(planId, versionName);
  const { entries, busy, error } = useStore(conversation);
  const [draft, setDraft] = useState('');
  const [model, setModel] = useState('');
  const [choice, setChoice] = useState(chosenModel);
  const [view, setView] = useState<PlaygroundView>('chat');
  const [savingTest, setSavingTest] = useState(false);
  const [savedCount, setSavedCount] = useState(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const answered = answeredTurns(entries).length;
  useEffect(() => {
    let live = true;
    modelStatus()
      .then(({ text }) => live && setModel(text))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const send = async () => {
    const message = draft.trim();
    if (message === '' || busy) return;
    setDraft('');
    const agent: PlaygroundEntry = { role: 'agent', text: '', toolCalls: [] };
    const before = conversation.getState();
    conversation.setState({ entries: [...before.entries, { role: 'user', text: message, toolCalls: [] }, agent], busy: true, error: null });
    const update = (change: (entry: PlaygroundEntry) => PlaygroundEntry) => {
      const list = conversation.getState().entries;
      const last = list.at(-1);
      if (last !== undefined) conversation.setState({ entries: [...list.slice(0, -1), change(last)] });
    };
    try {
      const next = await playgroundTurn(
        planId,
        versionName,
        editor.getState().doc,
        message,
        before.state,
        {
          token: (text) => update((entry) => ({ ...entry, text: entry.text + text })),
          tool: (call) => update((entry) => ({ ...entry, toolCalls: [...entry.toolCalls, call] })),
        },
        choice.trim() || undefined,
      );
      update((entry) => ({ ...entry, text: next.reply, recording: next.recording }));
      conversation.setState({ state: { messages: next.messages, variables: next.variables }, busy: false });
    } catch (failure) {
      // The message stays in the transcript; the agent's empty answer goes.
      const list = conversation.getState().entries;
      const last = list.at(-1);
      const keep = last && last.text === '' && last.toolCalls.length === 0 ? list.slice(0, -1) : list;
      conversation.setState({ entries: keep, busy: false, error: errorMessage(failure) });
    }
    input.current?.focus();
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(transcriptText(entries));
      editor.getState().notify.success(messages.transcriptCopied);
    } catch {
      editor.getState().notify.error(messages.transcriptNotCopied);
    }
  };

  const chatView = (
    <>
      <div className="pg-actions">
        <button type="button" className="btn" onClick={() => setSavingTest(true)} disabled={busy || answered === 0}>
          {editorText.saveAsTest}
        </button>
        <button type="button" className="btn" onClick={() => void copy()} disabled={entries.length === 0}>
          {editorText.copyTranscript}
        </button>
        <button type="button" className="btn" onClick={() => resetConversation(conversation)} disabled={busy || entries.length === 0}>
          {editorText.reset}
        </button>
      </div>
      <p className="muted pg-note">{editorText.playgroundIntro}</p>
      {model ? (
        <p className="muted pg-note" data-testid="playground-model">
          {model}
        </p>
      ) : null}
      <details className="pg-settings">
        <summary>{editorText.settings}</summary>
        <label htmlFor="pg-model">{editorText.model}</label>
        <input
          id="pg-model"
          className="input"
          value={choice}
          placeholder="the provider's FLOW_MODEL"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setChoice(e.target.value);
            chooseModel(e.target.value);
          }}
        />
        <p className="muted pg-note">{editorText.modelHelp}</p>
      </details>
      <ol className="pg-transcript" aria-live="polite" aria-busy={busy}>
        {entries.map((entry, i) => (
          <li key={i} className={`pg-entry pg-${entry.role}`}>
            <span className="pg-who">{entry.role === 'user' ? editorText.you : editorText.agent}</span>
            {entry.toolCalls.map((call, j) => (
              <ToolCall key={j} call={call} />
            ))}
            <p className="pg-text">{entry.text || (busy && i === entries.length - 1 ? '…' : '')}</p>
          </li>
        ))}
      </ol>
      {error ? (
        <p role="alert" className="pg-error">
          {error}
        </p>
      ) : null}
      <form
        className="pg-form"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <textarea
          ref={input}
          className="input pg-input"
          aria-label={editorText.message}
          placeholder={editorText.messagePlaceholder}
          value={draft}
          rows={2}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || draft.trim() === ''}>
          {busy ? 'Sending…' : 'Send'}
        </button>
      </form>
      <SaveAsTestDialog
        open={savingTest}
        onOpenChange={setSavingTest}
        onSaved={() => setSavedCount((n) => n + 1)}
        planId={planId}
        versionName={versionName}
        entries={entries}
        defaultName={editorText.defaultTestName(savedCount + 1)}
        {...(choice.trim() ? { model: choice.trim() } : {})}
      />
    </>
  );

  return (
    <section className="playground" aria-labelledby="playground-title">
      <div className="pg-head">
        <h2 id="playground-title" className="pg-title">
          {editorText.playground}
        </h2>
        <div className="subtabs" role="tablist" aria-label={editorText.playgroundViews}>
          {VIEWS.map(({ view: tab, label }) => (
            <button
              key={tab}
              type="button"
              role="tab"
              id={`pg-tab-${tab}`}
              aria-selected={view === tab}
              aria-controls={`pg-panel-${tab}`}
              className={`subtab${view === tab ? ' active' : ''}`}
              onClick={() => setView(tab)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" id={`pg-panel-${view}`} aria-labelledby={`pg-tab-${view}`} className="pg-view">
        {view === 'tests' ? <TestsView planId={planId} versionName={versionName} /> : chatView}
      </div>
    </section>
  );
}
