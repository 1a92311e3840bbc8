import { flowMessages, isJsonValue, isRecord, type FieldSpec, type JsonValue } from '@flow/core';
import type { EditGroup } from '../../store/types';
import { useFieldText } from '../../text/useFieldValue';
import type { FieldTarget } from './FieldTarget';
import { FIELD_TEXT_DEBOUNCE_MS } from './TextInputs';

const listOf = (value: unknown): JsonValue[] => (Array.isArray(value) ? value.filter((item: unknown) => isJsonValue(item)) : []);

/** One cell of a list: its text is saved into item `index` of the list current in the store. */
function Cell({
  label,
  value,
  save,
  multiline,
}: {
  label: string;
  value: string;
  save: (text: string, group: EditGroup) => void;
  multiline?: boolean;
}) {
  const text = useFieldText(value, FIELD_TEXT_DEBOUNCE_MS, save);
  const common = { 'aria-label': label, value: text.text, onChange: text.onChange, onBlur: text.onBlur, placeholder: label };
  return multiline ? <textarea className="textarea" rows={3} {...common} /> : <input className="input" type="text" {...common} />;
}

/** A list of `{ name, value }` or `{ name, description }` items (headers, variables, output mapping). */
export function KeyValueListInput({ id, field, target }: { id: string; field: FieldSpec; target: FieldTarget }) {
  const [first, second] = field.itemFields ?? ['name', 'value'];
  const items = listOf(target.value);
  const setCell = (index: number, key: string, text: string, group: EditGroup) =>
    target.update((current) => {
      const list = [...listOf(current)];
      const item = list[index];
      list[index] = { ...(isRecord(item) ? item : {}), [key]: text };
      return list;
    }, group);
  const cellText = (item: JsonValue | undefined, key: string): string => {
    const value = isRecord(item) ? item[key] : undefined;
    // An env reference is a secret: shown as ${env:NAME}, never as its value.
    if (isRecord(value) && typeof value.env === 'string') return `\${env:${value.env}}`;
    return typeof value === 'string' ? value : '';
  };
  return (
    <div className="kv-list" id={id} role="group" aria-label={field.label}>
      {items.map((item, i) => (
        <div className="kv-row" key={i}>
          <Cell label={`${field.label} ${i + 1} ${first}`} value={cellText(item, first)} save={(t, g) => setCell(i, first, t, g)} />
          <Cell label={`${field.label} ${i + 1} ${second}`} value={cellText(item, second)} save={(t, g) => setCell(i, second, t, g)} />
          <button
            type="button"
            className="btn icon"
            aria-label={flowMessages.removeItem(field.label, i + 1)}
            title={flowMessages.removeItem(field.label, i + 1)}
            onClick={() => target.update((current) => listOf(current).filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn small"
        aria-label={flowMessages.addItem(field.label)}
        onClick={() => target.update((current) => [...listOf(current), { [first]: '', [second]: '' }])}
      >
        <span aria-hidden="true">+</span> Add
      </button>
    </div>
  );
}

/** A list of texts (system prompts). */
export function TextListInput({ id, field, target }: { id: string; field: FieldSpec; target: FieldTarget }) {
  const items = listOf(target.value);
  return (
    <div className="kv-list" id={id} role="group" aria-label={field.label}>
      {items.map((item, i) => (
        <div className="kv-row" key={i}>
          <Cell
            multiline
            label={`${field.label} ${i + 1}`}
            value={typeof item === 'string' ? item : ''}
            save={(text, group) =>
              target.update((current) => {
                const list = [...listOf(current)];
                list[i] = text;
                return list;
              }, group)
            }
          />
          <button
            type="button"
            className="btn icon"
            aria-label={flowMessages.removeItem(field.label, i + 1)}
            title={flowMessages.removeItem(field.label, i + 1)}
            onClick={() => target.update((current) => listOf(current).filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn small"
        aria-label={flowMessages.addItem(field.label)}
        onClick={() => target.update((current) => [...listOf(current), ''])}
      >
        <span aria-hidden="true">+</span> Add
      </button>
    </div>
  );
}
