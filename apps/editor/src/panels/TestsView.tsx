import { errorMessage, isRecord } from '@flow/core';
import { useEffect, useId, useState } from 'react';
import { providerClient } from '../api/providerClient';
import { runPlanTests, type RunCase, type RunSummary } from '../api/testRunClient';
import { editorText } from '../messages';
import { useEditorStoreApi } from '../store/EditorStoreContext';

/** A stored test as the list shows it. */
interface ListedTest {
  name: string;
  turns: number;
  judged: boolean;
}

function listedTests(tests: readonly unknown[]): ListedTest[] {
  return tests.filter(isRecord).map((t) => {
    const turns = Array.isArray(t.turns) ? t.turns.filter(isRecord) : [];
    return {
      name: typeof t.name === 'string' ? t.name : '',
      turns: turns.length,
      judged:
        turns.some((turn) => isRecord(turn.expect) && turn.expect.judge !== undefined) ||
        (isRecord(t.expect) && t.expect.judge !== undefined),
    };
  });
}

const percent = (rate: number): string => `${Math.round(rate * 100)}%`;

function CaseResultView({ result }: { result: RunCase }) {
  return (
    <li className={`tests-case${result.ok ? '' : ' tests-case-failed'}`}>
      <p className="tests-case-name">
        <span aria-hidden="true">{result.ok ? '✓' : '✗'}</span> {result.name}{' '}
        <span className="muted">
          {result.ok ? editorText.testPassed : editorText.testFailed}
          {result.runs > 1 ? ` · ${percent(result.passRate)} of ${result.runs} runs` : ''} · {result.ms} ms
        </span>
      </p>
      {result.error === undefined ? null : <p className="pg-error">{result.error}</p>}
      <ul className="tests-assertions" aria-label={editorText.assertionsOf(result.name)}>
        {result.assertions.map((a, i) => (
          <li key={i} className={a.ok ? 'tests-ok' : 'tests-failed'}>
            <span aria-hidden="true">{a.ok ? '✓' : '✗'}</span>{' '}
            <span className="visually-hidden">{a.ok ? editorText.testPassed : editorText.testFailed}: </span>
            {a.message}
            {a.reason === undefined ? null : <span className="tests-reason"> ({editorText.judgeSaid(a.reason)})</span>}
          </li>
        ))}
      </ul>
      <details className="tests-trace">
        <summary>{editorText.trace}</summary>
        <ol>
          {result.transcript.map((turn, i) => (
            <li key={i}>
              <p>
                <strong>{editorText.you}:</strong> {turn.user}
              </p>
              {turn.toolCalls.map((c, j) => (
                <p key={j} className="tests-tool">
                  <code>{c.name}</code>({JSON.stringify(c.arguments)}) {c.error === undefined ? `→ ${c.output}` : `failed: ${c.error}`}
                </p>
              ))}
              <p>
                <strong>{editorText.agent}:</strong> {turn.reply}
              </p>
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

/**
 * The Playground's Tests view: the plan version's tests kept by the provider, and 'Run', which
 * replays them from their cassette (or runs them live) against the flow as it is on screen.
 */
export function TestsView({ planId, versionName }: { planId: string; versionName: string }) {
  const editor = useEditorStoreApi();
  const [tests, setTests] = useState<ListedTest[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<RunSummary | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const liveId = useId();

  // Retry asks again by counting up; the answer lands only if the view still shows this version.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    providerClient()
      .getFlowTests(planId, versionName)
      .then((loaded) => {
        const stored = loaded?.tests.flowtest.tests;
        if (live) setTests(Array.isArray(stored) ? listedTests(stored) : []);
      })
      .catch((error: unknown) => {
        if (live) setLoadError(errorMessage(error));
      });
    return () => {
      live = false;
    };
  }, [planId, versionName, attempt]);

  const run = async () => {
    setRunning(true);
    setRunError(null);
    try {
      setResult(await runPlanTests(planId, versionName, editor.getState().doc, live));
    } catch (error) {
      setRunError(errorMessage(error));
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="tests-view">
      {loadError === null ? null : (
        <p role="alert" className="pg-error">
          {loadError}{' '}
          <button
            type="button"
            className="btn"
            onClick={() => {
              setLoadError(null);
              setAttempt((n) => n + 1);
            }}
          >
            {editorText.retry}
          </button>
        </p>
      )}
      {tests === null && loadError === null ? <p className="muted">{editorText.loading}</p> : null}
      {tests !== null && tests.length === 0 ? <p className="muted">{editorText.noTestsYet}</p> : null}
      {tests !== null && tests.length > 0 ? (
        <>
          <ul className="tests-list" aria-label={editorText.tests}>
            {tests.map((t) => (
              <li key={t.name}>
                {t.name} <span className="muted">{editorText.testShape(t.turns, t.judged)}</span>
              </li>
            ))}
          </ul>
          <div className="tests-actions">
            <button type="button" className="btn btn-primary" onClick={() => void run()} disabled={running}>
              {running ? editorText.runningTests : editorText.runTests}
            </button>
            <input id={liveId} type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} />
            <label htmlFor={liveId}>{editorText.runLive}</label>
          </div>
        </>
      ) : null}
      {runError === null ? null : (
        <p role="alert" className="pg-error">
          {runError}
        </p>
      )}
      {result === null ? null : (
        <section aria-label={editorText.testResults} aria-live="polite">
          <p className="tests-summary">{editorText.testSummary(result.passed, result.passed + result.failed, percent(result.passRate))}</p>
          {result.problems.map((p) => (
            <p key={p} className="pg-error">
              {p}
            </p>
          ))}
          <ul className="tests-cases">
            {result.cases.map((c) => (
              <CaseResultView key={`${c.file}/${c.name}`} result={c} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
