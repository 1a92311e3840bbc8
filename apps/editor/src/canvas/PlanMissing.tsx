import { flowMessages } from '@flow/core';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';

const planSelector = (s: EditorState) => ({ planId: s.planId, versionName: s.versionName });

/** In place of an empty canvas: the provider has no such plan version, and a way to create it. */
export function PlanMissing() {
  const store = useEditorStoreApi();
  const { planId, versionName } = useEditor(useShallow(planSelector));
  return (
    <div className="plan-missing" role="alert" data-testid="plan-missing">
      <h2>{flowMessages.planNotFoundTitle}</h2>
      <p>
        The provider has no plan <code>{planId}</code> with version <code>{versionName}</code>.
      </p>
      <button type="button" className="btn btn-primary" onClick={() => void store.getState().createPlan()}>
        {flowMessages.createIt}
      </button>
    </div>
  );
}
