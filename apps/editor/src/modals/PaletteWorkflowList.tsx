import type { Workflow } from '@flow/core';
import { useCallback, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { addCard } from './addCard';
import type { CardPayload } from './cardPayload';
import { filterWorkflows } from './filterWorkflows';
import { PaletteCard } from './PaletteCard';
import type { PaletteListProps } from './PaletteFunctionList';
import { editorText } from '../messages';

const workflowsSelector = (s: EditorState) => ({ workflows: s.workflows, state: s.workflowsState });

/** A workflow's own emoji when its json names one. */
function workflowIcon(workflow: Workflow): string {
  const emoji = workflow.json['emoji'];
  return typeof emoji === 'string' && emoji !== '' ? emoji : '\u{1F9E9}';
}

/** The Workflows tab's cards, filtered by the search; a failed load just lists none (spec section 8). */
export function PaletteWorkflowList({ query, onDragPhase }: PaletteListProps) {
  const store = useEditorStoreApi();
  const { workflows, state } = useEditor(useShallow(workflowsSelector));
  const matching = useMemo(() => filterWorkflows(workflows, query), [workflows, query]);
  const activate = useCallback((payload: CardPayload) => void addCard(store.getState(), payload), [store]);

  const loading = state === 'loading' || state === 'idle';
  if (loading && workflows.length === 0) {
    return (
      <p className="palette-empty" role="status">
        <span className="modal-spinner" aria-hidden="true" />
        {editorText.loadingWorkflows}
      </p>
    );
  }
  if (matching.length === 0) return <p className="palette-empty">{editorText.noWorkflowsFound}</p>;
  return (
    <ul className="palette-grid">
      {matching.map((workflow) => (
        <li key={workflow.id}>
          <PaletteCard
            icon={workflowIcon(workflow)}
            title={workflow.name}
            description={workflow.description || 'No description'}
            payload={{ kind: 'workflow', id: workflow.id }}
            onActivate={activate}
            onDragPhase={onDragPhase}
          />
        </li>
      ))}
    </ul>
  );
}
