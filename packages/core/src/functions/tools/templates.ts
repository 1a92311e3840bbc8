const TEMPLATE = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

/** The `{{variables}}` a text uses, in order, once each. */
export function templateNames(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((t) => [...t.matchAll(TEMPLATE)].map((m) => m[1] ?? '')))].filter(Boolean);
}

/**
 * Fills `{{variables}}` from the values' own keys (never `toString` or `constructor` of every
 * object); `encode` escapes each value for where it goes (a path segment, a form, a JSON string).
 */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string>>,
  encode: (value: string, name: string) => string = (v) => v,
): string {
  return template.replace(TEMPLATE, (whole, name: string) => (Object.hasOwn(values, name) ? encode(values[name] ?? '', name) : whole));
}
