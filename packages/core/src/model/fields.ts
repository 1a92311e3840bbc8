import { POST_ACTION_OPTIONS } from './options.js';
import type { FieldOption } from './options.js';
import { getAtPath } from './paths.js';

/**
 * How the editor renders a field. `model` is a select of MODEL_OPTIONS whose legacy ids are
 * normalized and whose unknown ids only warn; `functionRef`/`workflowRef` pick a function of
 * the plan / a saved workflow by id; `textList` is a list of strings; `multiSelect` a list of
 * options; `secret` a `{ key }` or `{ env }` value; `mcpTool` the name of a tool of the MCP server at
 * the metadata's `server_url`, chosen from the listing the provider reads.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'select'
  | 'model'
  | 'multiSelect'
  | 'slider'
  | 'number'
  | 'toggle'
  | 'keyValueList'
  | 'textList'
  | 'json'
  | 'secret'
  | 'date'
  | 'emoji'
  | 'functionRef'
  | 'workflowRef'
  | 'mcpTool';

export type Scalar = string | number | boolean | null;

/**
 * When a field is shown, as data. A leaf compares the value at `key` (a path in the same object
 * as the field's key); `ifAbsent` is the value assumed when the key is missing.
 */
export type VisibleWhen =
  | { key: string; equals: Scalar; ifAbsent?: Scalar }
  | { key: string; oneOf: readonly Scalar[]; ifAbsent?: Scalar }
  | { all: readonly VisibleWhen[] }
  | { any: readonly VisibleWhen[] };

export interface SliderRange {
  min: number;
  max: number;
  step: number;
}

/**
 * The values a slider offers: both ends and every multiple of its step between them, so it can hold
 * its default and reach its maximum (decisions.md).
 * @example sliderStops({ min: 1, max: 4000, step: 100 }) // [1, 100, 200, …, 3900, 4000]
 */
export function sliderStops(range: SliderRange): number[] {
  const decimals = (String(range.step).split('.')[1] ?? '').length;
  const stops = [range.min];
  // Counting in whole steps keeps 0.1 + 0.2 noise out: each stop is k × step, rounded to the step's decimals.
  for (let k = Math.floor(range.min / range.step) + 1; k * range.step < range.max - range.step / 1e6; k++)
    stops.push(Number((k * range.step).toFixed(decimals)));
  if (range.max > range.min) stops.push(range.max);
  return stops;
}

/** The index of the stop nearest to `value` (a value from a file need not be a stop). */
export function nearestStop(stops: readonly number[], value: number): number {
  let best = 0;
  stops.forEach((stop, i) => {
    if (Math.abs(stop - value) < Math.abs((stops[best] ?? stop) - value)) best = i;
  });
  return best;
}

/**
 * Every dotted path into a value of type `T` (`output.type`, `apicalls.0.method`), so that a
 * definition's field keys are checked against its metadata type; any string for JSON objects.
 */
export type MetadataPath<T> = string extends keyof T
  ? string
  : T extends readonly (infer U)[]
    ? `${number}` | `${number}.${MetadataPath<U>}`
    : T extends object
      ? { [K in keyof T & string]-?: K | `${K}.${MetadataPath<NonNullable<T[K]>>}` }[keyof T & string]
      : never;

export interface FieldSpec<K extends string = string> {
  /** Dotted path into the metadata (or, for common fields, into the function data). */
  key: K;
  label: string;
  kind: FieldKind;
  /** Choices of `select`, `model` and `multiSelect`. */
  options?: readonly FieldOption[];
  /** Range of a `slider` (spec section 5). */
  range?: SliderRange;
  /** Property names of the items of a `keyValueList`. */
  itemFields?: readonly [string, string];
  /** Of a `keyValueList`: an item's value may be a secret (`{ env }` or `{ key }`), as a credential header's is. */
  secretValues?: boolean;
  placeholder?: string;
  /** A sentence under the field saying what it is for. */
  help?: string;
  visibleWhen?: VisibleWhen;
  readOnly?: boolean;
}

function holds(condition: VisibleWhen, source: unknown): boolean {
  if ('all' in condition) return condition.all.every((c) => holds(c, source));
  if ('any' in condition) return condition.any.some((c) => holds(c, source));
  const found = getAtPath(source, condition.key);
  const value = found === undefined ? condition.ifAbsent : found;
  if ('equals' in condition) return value === condition.equals;
  return condition.oneOf.some((option) => option === value);
}

/**
 * Whether `field` is shown for these values (metadata for type fields, function data for common
 * fields). A field without a condition is always shown.
 * @example isFieldVisible({ key: 'assistant_id', label: 'Assistant ID', kind: 'text',
 *   visibleWhen: { key: 'model', equals: 'Custom Assistant' } }, { model: 'gpt-4o' }) // false
 */
export function isFieldVisible(field: FieldSpec, values: unknown): boolean {
  return field.visibleWhen === undefined || holds(field.visibleWhen, values);
}

/** The fields of `fields` shown for these values. */
export function visibleFields(fields: readonly FieldSpec[], values: unknown): FieldSpec[] {
  return fields.filter((field) => isFieldVisible(field, values));
}

/** Fields every function node has, outside its metadata; keys are FunctionNodeData keys. */
export const COMMON_FIELDS: readonly FieldSpec[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'description', label: 'Description', kind: 'textarea' },
  { key: 'trigger', label: 'Trigger', kind: 'textarea' },
  { key: 'trigger_text', label: 'Trigger Text', kind: 'emoji' },
  { key: 'button_text', label: 'Button Text', kind: 'text' },
  { key: 'thinking_text', label: 'Thinking Text', kind: 'text' },
  { key: 'post_action_type', label: 'Post Action', kind: 'select', options: POST_ACTION_OPTIONS },
  {
    key: 'post_action_function_id',
    label: 'Function to Execute',
    kind: 'functionRef',
    visibleWhen: { key: 'post_action_type', equals: 'function' },
  },
  { key: 'execute_once', label: 'Execute Once', kind: 'toggle' },
  { key: 'execute_first', label: 'Execute First', kind: 'toggle' },
  { key: 'skip_tracking', label: 'Skip Tracking', kind: 'toggle' },
  { key: 'track', label: 'Track', kind: 'toggle' },
  { key: 'active', label: 'Active', kind: 'toggle' },
];
