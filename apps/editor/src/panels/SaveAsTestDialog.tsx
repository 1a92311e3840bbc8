import * as Dialog from '@radix-ui/react-dialog';
import { FLOW_FILE_SUFFIX, errorMessage, isApiError } from '@flow/core';
import { useId, useState } from 'react';
import { judgeConversation, type JudgeVerdict } from '../api/playgroundClient';
import { providerClient } from '../api/providerClient';
import { editorText } from '../messages';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import '../modals/modals.css';
import type { PlaygroundEntry } from './playgroundStore';
import { judgedTranscript, takenName, testFromConversation, withTest } from './saveAsTest';

/** How often a save re-reads the tests after another write got there first, before giving up. */
const SAVE_ATTEMPTS = 3;

/**
 * Adds the conversation on screen to the plan version's tests on the provider: the builder names
 * it and may write the judge's rubric (the provider's model judges the conversation now, so the
 * test replays its verdict offline); the tool calls made and the recorded answers come along.
 * Resolves to the judge's verdict, when there was a rubric.
 */
export async function saveConversationAsTest(
  planId: string,
  versionName: string,
  entries: readonly PlaygroundEntry[],
  name: string,
  rubric: string,
  model?: string,
): Promise<JudgeVerdict | null> {
  const client = providerClient();
  const verdict = rubric.trim() === '' ? null : await judgeConversation(rubric.trim(), judgedTranscript(entries), model);
  const saved = testFromConversation(entries, name, rubric, verdict?.recording);
  for (let attempt = 1; ; attempt++) {
    const loaded = await client.getFlowTests(planId, versionName);
    if (loaded !== null && takenName(loaded.tests, name)) throw new Error(editorText.testNameTaken(name));
    const next = withTest(loaded?.tests ?? null, `${versionName}${FLOW_FILE_SUFFIX}`, saved);
    try {
      await client.putFlowTests(planId, versionName, next, loaded?.etag ? { ifMatch: loaded.etag } : { create: true });
      return verdict;
    } catch (error) {
      // Saved meanwhile from elsewhere: read theirs and add this test to it, nothing lost.
      const stale = isApiError(error) && (error.status === 412 || error.status === 428);
      if (!stale || attempt === SAVE_ATTEMPTS) throw error;
    }
  }
}

type SaveAsTestProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
  planId: string;
  versionName: string;
  entries: readonly PlaygroundEntry[];
  defaultName: string;
  /** The Playground's model setting: the judge is the same model. */
  model?: string;
};

/** The 'Save as test' dialog: its form is made afresh each time it opens (the name proposed, no rubric). */
export function SaveAsTestDialog(props: SaveAsTestProps) {
  const ids = useId();
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className="modal save-test" aria-describedby={`${ids}-about`}>
          <header className="modal-header">
            <Dialog.Title className="modal-title">{editorText.saveAsTest}</Dialog.Title>
            <Dialog.Close className="modal-close" aria-label={editorText.close}>
              ×
            </Dialog.Close>
          </header>
          <SaveAsTestForm {...props} ids={ids} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SaveAsTestForm({
  onOpenChange,
  onSaved,
  planId,
  versionName,
  entries,
  defaultName,
  model,
  ids,
}: SaveAsTestProps & { ids: string }) {
  const editor = useEditorStoreApi();
  const [name, setName] = useState(defaultName);
  const [rubric, setRubric] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const trimmed = name.trim();
    if (trimmed === '') {
      setProblem(editorText.testNameNeeded);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const verdict = await saveConversationAsTest(planId, versionName, entries, trimmed, rubric, model);
      editor
        .getState()
        .notify.success(
          verdict === null ? editorText.testSaved(trimmed) : editorText.testSavedJudged(trimmed, verdict.pass, verdict.reason),
        );
      onSaved();
      onOpenChange(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="save-test-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p id={`${ids}-about`} className="muted">
        {editorText.saveAsTestAbout}
      </p>
      <label htmlFor={`${ids}-name`}>{editorText.testName}</label>
      <input id={`${ids}-name`} className="input" value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      <label htmlFor={`${ids}-rubric`}>{editorText.judgeRubric}</label>
      <textarea
        id={`${ids}-rubric`}
        className="input"
        rows={3}
        value={rubric}
        placeholder={editorText.judgeRubricPlaceholder}
        onChange={(e) => setRubric(e.target.value)}
      />
      {problem === null ? null : (
        <p role="alert" className="pg-error">
          {problem}
        </p>
      )}
      <footer className="modal-footer">
        <Dialog.Close asChild>
          <button type="button" className="btn">
            {editorText.cancel}
          </button>
        </Dialog.Close>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? (rubric.trim() === '' ? editorText.savingTest : editorText.judging) : editorText.saveTest}
        </button>
      </footer>
    </form>
  );
}
