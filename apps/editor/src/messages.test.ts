import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));

/** The editor's components and the home page's DOM code (src/home, no React), tests aside. */
function components(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return components(path);
    const view = entry.name.endsWith('.tsx') || (entry.name.endsWith('.ts') && relative(SRC, dir) === 'home');
    return view && !entry.name.includes('.test.') ? [path] : [];
  });
}

// Words a person reads, written in a component: an attribute a screen reader or a tooltip says,
// text between tags, or a line of text inside an element.
const INLINE = [
  /\b(?:title|aria-label|placeholder|alt|label)="[A-Z][^"]*"/,
  />[A-Z][a-z][^<>{}]*</,
  /^\s+[A-Z][a-z']*(?: [A-Za-z',.…]+)*[.:!?…]?\s*$/,
  // The home's DOM code (el()): an element's text given as a literal.
  /\btext:\s*['"`][A-Z]/,
  // A component's own table of words: a key whose value is a sentence ('Node actions').
  /^\s+\w+:\s*['"`][A-Z][a-z]+ [a-z]/,
];

describe("the editor's words", () => {
  it('come from the tables (editorText, core messages, action labels), never written in a component', () => {
    const inline = components(SRC).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          INLINE.some((pattern) => pattern.test(line)) && !/^\s*(\/\/|\*|\/\*)/.test(line)
            ? [`${relative(SRC, path)}:${i + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(inline).toEqual([]);
  });
});
