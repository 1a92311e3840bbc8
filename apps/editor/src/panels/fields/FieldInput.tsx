import { flowMessages, normalizeModelId, type FieldOption, type FieldSpec } from '@flow/core';
import { useId } from 'react';
import { EmojiField } from './EmojiField';
import type { FieldChoices, FieldTarget } from './FieldTarget';
import { KeyValueListInput, TextListInput } from './ListInputs';
import { McpToolField } from './McpToolField';
import { JsonInput, NumberInput, SecretInput, SliderInput, TextInput } from './TextInputs';

interface FieldProps {
  field: FieldSpec;
  target: FieldTarget;
  choices: FieldChoices;
}

/** A select of `options`; a stored value that is not an option stays listed, so nothing is changed silently. */
function Select({
  id,
  value,
  options,
  onChange,
  describedBy,
}: {
  id: string;
  value: string;
  options: readonly FieldOption[];
  onChange: (value: string) => void;
  describedBy?: string;
}) {
  const known = options.some((o) => o.value === value);
  return (
    <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={describedBy}>
      {known ? null : <option value={value}>{value === '' ? flowMessages.noFunctionChosen : value}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function Control({ id, field, target, choices, describedBy }: FieldProps & { id: string; describedBy?: string }) {
  const props = { id, field, target, describedBy };
  switch (field.kind) {
    case 'text':
      return <TextInput {...props} />;
    case 'emoji':
      return <EmojiField {...props} />;
    case 'textarea':
      return <TextInput {...props} multiline />;
    case 'json':
      return <JsonInput {...props} />;
    case 'number':
      return <NumberInput {...props} />;
    case 'slider':
      return <SliderInput {...props} />;
    case 'secret':
      return <SecretInput {...props} />;
    case 'keyValueList':
      return <KeyValueListInput id={id} field={field} target={target} />;
    case 'textList':
      return <TextListInput id={id} field={field} target={target} />;
    case 'toggle':
      return (
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="switch"
          checked={target.value === true}
          aria-checked={target.value === true}
          onChange={(e) => {
            const checked = e.target.checked;
            target.update(() => checked);
          }}
          aria-describedby={describedBy}
        />
      );
    case 'date':
      return (
        <input
          id={id}
          className="input"
          type="date"
          value={text(target.value)}
          onChange={(e) => {
            const value = e.target.value;
            target.update(() => value);
          }}
          aria-describedby={describedBy}
        />
      );
    case 'select':
      return (
        <Select
          id={id}
          value={text(target.value)}
          options={field.options ?? []}
          onChange={(v) => target.update(() => v)}
          describedBy={describedBy}
        />
      );
    case 'model':
      // Old flows' misspelt ids read as the corrected ones (decisions.md).
      return (
        <Select
          id={id}
          value={normalizeModelId(text(target.value))}
          options={field.options ?? []}
          onChange={(v) => target.update(() => v)}
          describedBy={describedBy}
        />
      );
    case 'multiSelect': {
      const chosen = Array.isArray(target.value) ? target.value : [];
      return (
        <div id={id} className="multi" role="group" aria-label={field.label}>
          {(field.options ?? []).map((o) => (
            <label key={o.value} className="check">
              <input
                type="checkbox"
                checked={chosen.includes(o.value)}
                onChange={(e) => {
                  const on = e.target.checked;
                  target.update((current) => {
                    const list = (Array.isArray(current) ? current : []).filter((v) => v !== o.value);
                    // Keep the options' order, so the stored list reads the same whichever was ticked first.
                    return (field.options ?? []).map((x) => x.value).filter((v) => (v === o.value ? on : list.includes(v)));
                  });
                }}
              />
              {o.label}
            </label>
          ))}
        </div>
      );
    }
    case 'functionRef':
      return (
        <Select
          id={id}
          value={text(target.value)}
          options={[{ value: '', label: flowMessages.noFunctionChosen }, ...choices.functions.map((f) => ({ value: f.id, label: f.name }))]}
          onChange={(v) => target.update(() => v)}
          describedBy={describedBy}
        />
      );
    case 'mcpTool':
      return <McpToolField id={id} target={target} metadata={choices.metadata ?? {}} {...(describedBy ? { describedBy } : {})} />;
    case 'workflowRef':
      return (
        <Select
          id={id}
          value={text(target.value)}
          options={[{ value: '', label: flowMessages.noFunctionChosen }, ...choices.workflows.map((w) => ({ value: w.id, label: w.name }))]}
          onChange={(v) => target.update(() => v)}
          describedBy={describedBy}
        />
      );
  }
}

/** One field of the Properties panel: its label, its control and its help text. */
export function FieldInput({ field, target, choices }: FieldProps) {
  const id = useId();
  const helpId = field.help ? `${id}-help` : undefined;
  const grouped = field.kind === 'keyValueList' || field.kind === 'textList' || field.kind === 'multiSelect';
  return (
    <div className={`field field-${field.kind}`} data-field={field.key}>
      {grouped ? (
        <span className="field-label" id={`${id}-label`}>
          {field.label}
        </span>
      ) : (
        <label className="field-label" htmlFor={id}>
          {field.label}
        </label>
      )}
      <Control id={id} field={field} target={target} choices={choices} describedBy={helpId} />
      {field.help ? (
        <p className="field-help" id={helpId}>
          {field.help}
        </p>
      ) : null}
    </div>
  );
}
