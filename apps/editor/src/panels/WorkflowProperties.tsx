import type { FieldKind, FieldSpec, JsonObject, JsonValue, WorkflowNode, WorkflowStep } from '@flow/core';
import { useState } from 'react';
import { blankTab, openLink } from '../api/openLink';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditGroup } from '../store/types';
import { FieldInput } from './fields/FieldInput';
import type { FieldChoices, FieldTarget } from './fields/FieldTarget';

const NO_CHOICES: FieldChoices = { functions: [], workflows: [] };

/** How a step's config value is edited: objects and arrays as JSON (spec section 5), numbers as numbers. */
function kindOf(value: JsonValue): FieldKind {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'toggle';
  if (value !== null && typeof value === 'object') return 'json';
  return 'text';
}

/** A workflow node's Properties: each step's name, skill and config, and 'Preview Workflow'. */
export function WorkflowProperties({ node }: { node: WorkflowNode }) {
  const store = useEditorStoreApi();
  const [busy, setBusy] = useState(false);

  const updateStep = (index: number, change: (step: WorkflowStep) => WorkflowStep, group?: EditGroup) =>
    store.getState().updateNodeData(
      node.id,
      (current) => {
        if (current.type !== 'workflow') return current;
        const step = current.data.steps[index];
        if (step === undefined) return current;
        const next = change(step);
        if (next === step) return current;
        return { ...current, data: { ...current.data, steps: current.data.steps.map((s, j) => (j === index ? next : s)) } };
      },
      group,
    );

  const stepTarget = (index: number, key: 'name' | 'skill', value: string): FieldTarget => ({
    value,
    update: (next, group) =>
      updateStep(
        index,
        (step) => {
          const text = next(step[key]);
          return typeof text === 'string' && text !== step[key] ? { ...step, [key]: text } : step;
        },
        group,
      ),
  });
  const configTarget = (index: number, key: string, value: JsonValue): FieldTarget => ({
    value,
    update: (next, group) =>
      updateStep(
        index,
        (step) => {
          const before = step.config[key];
          const after = next(before);
          if (after === undefined || JSON.stringify(after) === JSON.stringify(before)) return step;
          const config: JsonObject = { ...step.config, [key]: after };
          return { ...step, config };
        },
        group,
      ),
  });

  // The tab opens in the click itself, so that popup blockers let it through; the link follows.
  const preview = async () => {
    const tab = blankTab();
    setBusy(true);
    const link = await store.getState().previewWorkflow(node.id);
    setBusy(false);
    if (link === null) {
      tab?.close();
      return;
    }
    const refused = openLink(tab, link);
    if (refused !== null) store.getState().notify.error(refused);
  };

  return (
    <div className="properties workflow-properties">
      <h3 className="properties-title">{node.data.name}</h3>
      {node.data.description ? <p className="muted">{node.data.description}</p> : null}
      <div className="field-list">
        {node.data.steps.map((step, i) => {
          const name: FieldSpec = { key: 'name', label: 'Step name', kind: 'text' };
          const skill: FieldSpec = { key: 'skill', label: 'Skill', kind: 'text' };
          return (
            <fieldset key={i} className="step-editor" aria-label={`Step ${i + 1}`}>
              <legend>
                Step {i + 1}: {step.name || step.skill}
              </legend>
              <FieldInput field={name} target={stepTarget(i, 'name', step.name)} choices={NO_CHOICES} />
              <FieldInput field={skill} target={stepTarget(i, 'skill', step.skill)} choices={NO_CHOICES} />
              {Object.entries(step.config).map(([key, value]) => (
                <FieldInput
                  key={key}
                  field={{ key, label: key, kind: kindOf(value) }}
                  target={configTarget(i, key, value)}
                  choices={NO_CHOICES}
                />
              ))}
            </fieldset>
          );
        })}
      </div>
      <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy} onClick={() => void preview()}>
        {busy ? 'Loading...' : 'Preview Workflow'}
      </button>
    </div>
  );
}
