/** Plan ids, version names, workflow ids and session ids: what may become a file name on a provider. */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Words that name the prototype machinery of JavaScript objects: never an id, never a key. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** What an id must look like, in words. */
export const ID_RULE = "use 1 to 64 letters, digits, '-' or '_', starting with a letter or digit";

/** True when a value is a safe id. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value) && !RESERVED_WORDS.has(value);
}

/**
 * Why `value` cannot be an id, or null when it can.
 * @example idProblem('my plan') // "use 1 to 64 letters, digits, '-' or '_', starting with a letter or digit"
 */
export function idProblem(value: string): string | null {
  if (RESERVED_WORDS.has(value)) return '__proto__, constructor and prototype are reserved words';
  return ID_PATTERN.test(value) ? null : ID_RULE;
}
