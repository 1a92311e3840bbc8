// Characters JSON.stringify leaves raw that still break or hide a line: C1 controls, Unicode line/paragraph breaks.
const UNSAFE_AFTER_JSON = /[\u007f-\u009f\u2028\u2029]/;
const UNSAFE_AFTER_JSON_ALL = new RegExp(UNSAFE_AFTER_JSON.source, 'g');

/** A single-line value as a double-quoted literal, with line breaks and controls escaped. */
export function inline(value: string): string {
  const json = JSON.stringify(value);
  if (!UNSAFE_AFTER_JSON.test(json)) return json;
  return json.replace(UNSAFE_AFTER_JSON_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Author text as quoted lines: `> ` before every line (`>` alone for an empty one), split on `\n`
 * only, so that joining the unquoted lines with `\n` gives the text back exactly.
 */
export function quoteBlock(text: string, indent = ''): string[] {
  return text.split('\n').map((line) => (line === '' ? `${indent}>` : `${indent}> ${line}`));
}

/** The text of a quoted line, or null when the line is not quoted (at this indent). */
export function unquoteLine(line: string, indent = ''): string | null {
  if (!line.startsWith(indent)) return null;
  const rest = line.slice(indent.length);
  if (rest === '>') return '';
  return rest.startsWith('> ') ? rest.slice(2) : null;
}

/** A labelled text field: `Label: "text"` when it is one line, else the label and a quoted block. */
export function textField(label: string, value: string, indent: string): string[] {
  if (value === '') return [];
  if (!value.includes('\n')) return [`${indent}${label}: ${inline(value)}`];
  return [`${indent}${label}:`, ...quoteBlock(value, indent)];
}

/** An option-like value (a method, unit, mode or model id) as it is when plain, else quoted. */
export function word(value: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9 _.:/@+-]*$/.test(value) && !value.endsWith(' ') ? value : inline(value);
}
