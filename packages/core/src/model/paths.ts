import type { JsonObject, JsonValue } from './types.js';

/** A metadata path such as `output.type` or `apicalls.0.method`, as its segments. */
export function pathSegments(path: string): string[] {
  return path === '' ? [] : path.split('.');
}

/** A plain object: not null, not an array. The one definition: every package imports it from here. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * The value at a dotted path, or undefined when any step is missing.
 * @example getAtPath({ output: { type: 'raw' } }, 'output.type') // 'raw'
 */
export function getAtPath(source: unknown, path: string): unknown {
  return getAtSegments(source, pathSegments(path));
}

/** getAtPath with the path already split: for a hot loop over the same few paths. */
export function getAtSegments(source: unknown, segments: readonly string[]): unknown {
  let current: unknown = source;
  for (const segment of segments) {
    if (Array.isArray(current) && INDEX.test(segment)) current = current[Number(segment)];
    else if (isRecord(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

function setIn(container: JsonValue | undefined, segments: readonly string[], value: JsonValue): JsonValue {
  const [head, ...rest] = segments;
  if (head === undefined) return value;
  if (INDEX.test(head) && (Array.isArray(container) || !isRecord(container))) {
    const copy: JsonValue[] = Array.isArray(container) ? [...container] : [];
    const index = Number(head);
    while (copy.length < index) copy.push(null);
    copy[index] = setIn(copy[index], rest, value);
    return copy;
  }
  const base: JsonObject = isRecord(container) ? container : {};
  return { ...base, [head]: setIn(base[head], rest, value) };
}

/**
 * A copy of `target` with `value` at `path`; missing steps are created (arrays for numeric
 * segments), everything off the path is shared, `target` is not changed.
 * @example setAtPath({}, 'apicalls.0.method', 'GET') // { apicalls: [{ method: 'GET' }] }
 */
export function setAtPath(target: JsonObject, path: string, value: JsonValue): JsonObject {
  const [head, ...rest] = pathSegments(path);
  if (head === undefined) return target;
  return { ...target, [head]: setIn(target[head], rest, value) };
}

/**
 * A copy of `target` without the value at `path` (an object key is deleted, an array item kept as
 * it is); `target` itself when there is nothing to remove.
 * @example removeAtPath({ api_key: { key: 'k' }, model: 'gpt-4o' }, 'api_key') // { model: 'gpt-4o' }
 */
export function removeAtPath(target: JsonObject, path: string): JsonObject {
  const segments = pathSegments(path);
  const last = segments.pop();
  if (last === undefined) return target;
  let parent: JsonValue | undefined = target;
  for (const segment of segments) parent = isRecord(parent) ? parent[segment] : Array.isArray(parent) ? parent[Number(segment)] : undefined;
  if (!isRecord(parent) || !Object.hasOwn(parent, last)) return target;
  const { [last]: _removed, ...rest } = parent;
  return segments.length === 0 ? rest : setAtPath(target, segments.join('.'), rest);
}

/** A metadata path as a JSON path suffix: `apicalls.0.method` -> `apicalls[0].method`. */
export function toJsonPath(path: string): string {
  return pathSegments(path)
    .map((segment, i) => (INDEX.test(segment) ? `[${segment}]` : i === 0 ? segment : `.${segment}`))
    .join('');
}

/**
 * `value` completed with `defaults`, deeply for objects: a key that is missing or null takes the
 * default; arrays and other values are kept as they are. Neither input is changed.
 */
export function mergeDefaults(defaults: JsonObject, value: JsonObject): JsonObject {
  const merged: JsonObject = { ...value };
  for (const [key, fallback] of Object.entries(defaults)) {
    const own = value[key];
    if (own === undefined || own === null) merged[key] = structuredClone(fallback);
    else if (isRecord(own) && isRecord(fallback)) merged[key] = mergeDefaults(fallback, own);
  }
  return merged;
}

/**
 * A deep copy of `value` with every object's keys inserted in sorted order, the order the flow
 * format writes them: a serializer keeps such objects as they are instead of copying them.
 * @example Object.keys(inKeyOrder({ b: 1, a: { d: 2, c: 3 } })) // ['a', 'b']
 */
export function inKeyOrder(value: JsonObject): JsonObject;
export function inKeyOrder(value: JsonValue): JsonValue;
export function inKeyOrder(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map((item) => inKeyOrder(item));
  if (!isRecord(value)) return value;
  const sorted: JsonObject = {};
  for (const key of Object.keys(value).sort()) {
    const item = value[key];
    // A plain assignment to "__proto__" would set the prototype instead of a field.
    if (item !== undefined)
      Object.defineProperty(sorted, key, { value: inKeyOrder(item), enumerable: true, writable: true, configurable: true });
  }
  return sorted;
}

/** A value JSON can carry (finite numbers, no undefined, functions or cycles of non-records). */
export function isJsonValue(value: unknown): value is JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  return isRecord(value) && Object.values(value).every(isJsonValue);
}

/** A JSON object read from outside (a request body, a file): a record of JSON values only. */
export function isJsonObject(value: unknown): value is JsonObject {
  return isRecord(value) && Object.values(value).every(isJsonValue);
}

/** The JSON value a text holds, or undefined when it is not JSON (a field the person is still typing). */
export function parseJsonValue(text: string): JsonValue | undefined {
  try {
    // JSON.parse yields exactly the JSON values.
    const value: unknown = JSON.parse(text);
    return isJsonValue(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
