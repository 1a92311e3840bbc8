/** Characters that GFM would read as markup, a table's edge or HTML inside a table cell. */
const CELL_SPECIAL = /[&<>|`*_[\]\\~!#$]/g;

/**
 * Text shown literally in a GFM table cell: markup characters as numeric entities, line breaks as `<br>`.
 * @example markdownCell('a|b\n<i>') // 'a&#124;b<br>&#60;i&#62;'
 */
export function markdownCell(text: string): string {
  return text.replace(CELL_SPECIAL, (c) => `&#${c.charCodeAt(0)};`).replace(/\r\n|\r|\n/g, '<br>');
}

/** A code fence longer than any run of backticks in `text`, so the text cannot close it. */
export function codeFence(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** Characters a Mermaid label keeps as they are; every other one becomes an entity code. */
const MERMAID_PLAIN = /^[A-Za-z0-9 ,.:/+=?-]$/;

/**
 * A Mermaid node label, quoted, every character outside a small safe set as `#code;`, so any name
 * (quotes, brackets, `end`, `%%`, `<script>`, emoji, line breaks) stays one label.
 * @example mermaidLabel('say "hi"') // '"say #34;hi#34;"'
 */
export function mermaidLabel(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n|\r|\n/g, ' ')) {
    out += MERMAID_PLAIN.test(char) ? char : `#${char.codePointAt(0) ?? 0};`;
  }
  return `"${out}"`;
}
