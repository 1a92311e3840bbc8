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
import { useDebouncedText, useDebouncedValue } from '../../text/useDebouncedText';
import type { FieldTarget } from './FieldTarget';

/** Property text is saved like the dev texts: after a pause in typing, and on blur (one undo step per burst). */
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
  const text = useDebouncedText(textOf(target.value), FIELD_TEXT_DEBOUNCE_MS, (next) => target.update(() => next));
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

/** A number; only numbers are stored (spec section 5), other input waits in the field. */
export function NumberInput({ id, field, target, describedBy }: InputProps) {
  const stored = typeof target.value === 'number' ? String(target.value) : '';
  const [invalid, setInvalid] = useState(false);
  const text = useDebouncedText(stored, FIELD_TEXT_DEBOUNCE_MS, (next) => {
    const number = next.trim() === '' ? Number.NaN : Number(next);
    setInvalid(!Number.isFinite(number));
    if (Number.isFinite(number)) target.update(() => number);
  });
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
  const slider = useDebouncedValue(stored, FIELD_TEXT_DEBOUNCE_MS, (next) => target.update(() => next));
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
        onPointerUp={slider.settle}
        onBlur={slider.settle}
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
  const text = useDebouncedText(secretToText(target.value), FIELD_TEXT_DEBOUNCE_MS, (next) =>
    target.update(() => secretFromText(next) ?? undefined),
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

/**
 * A JSON value (an object or array of a workflow step's config), edited as text; what does not
 * parse shows 'Invalid JSON format' and is not saved (spec section 5).
 */
export function JsonInput({ id, field, target, describedBy }: InputProps) {
  const [invalid, setInvalid] = useState(false);
  const text = useDebouncedText(JSON.stringify(target.value ?? null, null, 2), FIELD_TEXT_DEBOUNCE_MS, (next) => {
    const parsed = parseJsonValue(next);
    setInvalid(parsed === undefined);
    if (parsed !== undefined) target.update(() => parsed);
  });
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
