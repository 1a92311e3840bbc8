import {
  flowMessages,
  parseJsonValue,
  messages,
  nearestStop,
  secretFromText,
  secretToText,
  sliderStops,
  type FieldSpec,
  type SliderRange,
} from '@flow/core';
import { useMemo, useState } from 'react';
import { DEV_TEXT_DEBOUNCE_MS } from '../DevText';
import { useFieldText, useFieldValue } from '../../text/useFieldValue';
import type { FieldTarget } from './FieldTarget';

/** Property text is one history step per burst of typing, like the dev texts: ended by this pause, or on blur. */
export const FIELD_TEXT_DEBOUNCE_MS = DEV_TEXT_DEBOUNCE_MS;

interface InputProps {
  id: string;
  field: FieldSpec;
  target: FieldTarget;
  describedBy?: string;
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);

/** A one-line or multi-line text field. */
export function TextInput({ id, field, target, describedBy, multiline }: InputProps & { multiline?: boolean }) {
  const text = useFieldText(textOf(target.value), FIELD_TEXT_DEBOUNCE_MS, (next, group) => target.update(() => next, group));
  const common = {
    id,
    value: text.text,
    onChange: text.onChange,
    onBlur: text.onBlur,
    placeholder: field.placeholder,
    readOnly: field.readOnly,
    'aria-describedby': describedBy,
  };
  return multiline ? <textarea className="textarea" rows={4} {...common} /> : <input className="input" type="text" {...common} />;
}

/** The number a text says; NaN for an empty or non-numeric text. */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** A number; only numbers are stored (spec section 5), other input waits in the field. */
export function NumberInput({ id, field, target, describedBy }: InputProps) {
  const stored = typeof target.value === 'number' ? String(target.value) : '';
  const [invalid, setInvalid] = useState(false);
  const text = useFieldText(
    stored,
    FIELD_TEXT_DEBOUNCE_MS,
    (next, group) => {
      const number = numberOf(next);
      setInvalid(!Number.isFinite(number));
      if (Number.isFinite(number)) target.update(() => number, group);
    },
    (typed, shown) => typed === shown || numberOf(typed) === numberOf(shown),
  );
  return (
    <input
      id={id}
      className="input"
      type="number"
      inputMode="decimal"
      value={text.text}
      onChange={text.onChange}
      onBlur={text.onBlur}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      placeholder={field.placeholder}
    />
  );
}

/** A slider field's range when its definition gives none. */
const DEFAULT_RANGE: SliderRange = { min: 0, max: 1, step: 0.1 };

/**
 * A slider showing its value; a drag or a run of key presses is one edit. It moves over its stops
 * (both ends and the multiples of its step), so max tokens offers 1, 100, …, 4000.
 */
export function SliderInput({ id, field, target, describedBy }: InputProps) {
  const range = field.range ?? DEFAULT_RANGE;
  const stops = useMemo(() => sliderStops(range), [range]);
  const stored = typeof target.value === 'number' ? target.value : range.min;
  const slider = useFieldValue(stored, FIELD_TEXT_DEBOUNCE_MS, (next, group) => target.update(() => next, group));
  return (
    <div className="slider">
      <input
        id={id}
        type="range"
        min={0}
        max={stops.length - 1}
        step={1}
        value={nearestStop(stops, slider.value)}
        aria-valuetext={String(slider.value)}
        onChange={(e) => slider.change(stops[Number(e.target.value)] ?? range.min)}
        onPointerUp={slider.end}
        onBlur={slider.end}
        aria-describedby={describedBy}
      />
      <output htmlFor={id} className="slider-value">
        {slider.value}
      </output>
    </div>
  );
}

/** A secret (API key, bearer token): hidden unless revealed; `${env:NAME}` is stored as an environment reference. */
export function SecretInput({ id, field, target, describedBy }: InputProps) {
  const [shown, setShown] = useState(false);
  const text = useFieldText(
    secretToText(target.value),
    FIELD_TEXT_DEBOUNCE_MS,
    (next, group) => target.update(() => secretFromText(next) ?? undefined, group),
    (typed, shown) => secretToText(secretFromText(typed) ?? undefined) === shown,
  );
  return (
    <div className="secret">
      <input
        id={id}
        className="input"
        type={shown ? 'text' : 'password'}
        autoComplete="off"
        spellCheck={false}
        value={text.text}
        onChange={text.onChange}
        onBlur={text.onBlur}
        placeholder={field.placeholder}
        aria-describedby={describedBy}
      />
      <button
        type="button"
        className="btn icon"
        aria-pressed={shown}
        aria-label={shown ? flowMessages.hideSecret(field.label) : flowMessages.showSecret(field.label)}
        title={shown ? flowMessages.hideSecret(field.label) : flowMessages.showSecret(field.label)}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? '🙈' : '👁'}
      </button>
    </div>
  );
}

const jsonText = (value: unknown): string => JSON.stringify(value ?? null, null, 2);

/**
 * A JSON value (an object or array of a workflow step's config), edited as text; what does not
 * parse shows 'Invalid JSON format' and is not saved (spec section 5).
 */
export function JsonInput({ id, field, target, describedBy }: InputProps) {
  const [invalid, setInvalid] = useState(false);
  const text = useFieldText(
    jsonText(target.value),
    FIELD_TEXT_DEBOUNCE_MS,
    (next, group) => {
      const parsed = parseJsonValue(next);
      setInvalid(parsed === undefined);
      if (parsed !== undefined) target.update(() => parsed, group);
    },
    (typed, shown) => {
      const parsed = parseJsonValue(typed);
      return parsed !== undefined && jsonText(parsed) === shown;
    },
  );
  return (
    <>
      <textarea
        id={id}
        className="textarea mono-text"
        rows={4}
        spellCheck={false}
        value={text.text}
        onChange={text.onChange}
        onBlur={text.onBlur}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        placeholder={field.placeholder}
      />
      {invalid ? (
        <p className="field-error" role="alert">
          {messages.invalidJsonFormat}
        </p>
      ) : null}
    </>
  );
}
