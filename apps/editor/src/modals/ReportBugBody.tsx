import { messages, nodeSchema } from '@flow/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { editorText } from '../messages';

/** How long 'Copied!' shows after a copy (spec section 9). */
export const COPY_FEEDBACK_MS = 1500;

const reportSelector = (s: EditorState) => ({ planId: s.planId, versionName: s.versionName, doc: s.doc });

/** What a bug report holds: plan, version and flow schema, with a copy button. Mounted only while open. */
export function ReportBugBody() {
  const { planId, versionName, doc } = useEditor(useShallow(reportSelector));
  const schema = useMemo(() => nodeSchema(doc), [doc]);
  const schemaJson = useMemo(() => JSON.stringify(schema, null, 2), [schema]);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const report = JSON.stringify({ planId, versionName, schema }, null, 2);
    try {
      await navigator.clipboard.writeText(report);
    } catch {
      window.alert(messages.failedToCopy);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  };

  return (
    <>
      <div className="modal-body bug-body">
        <dl className="bug-facts">
          <dt>{editorText.planId}</dt>
          <dd data-testid="bug-plan-id">{planId || messages.planIdNotSet}</dd>
          <dt>{editorText.version}</dt>
          <dd data-testid="bug-version">{versionName}</dd>
        </dl>
        <div className="bug-schema-label">{editorText.flowSchema}</div>
        <pre className="bug-schema" data-testid="bug-schema" tabIndex={0} role="region" aria-label={editorText.flowSchema}>
          {schemaJson}
        </pre>
      </div>
      <footer className="modal-footer">
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          {copied ? messages.copied : 'Copy to Clipboard'}
        </button>
      </footer>
    </>
  );
}
