// The markdown review of `flowctl diff --format markdown` as GitHub shows it: every Mermaid diagram
// of the golden reviews parsed by the official mermaid bundle in Chromium, the tables by marked (GFM).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorRoot, launchBrowser, repoRoot } from './browser';
import { drawnDiagram, renderedTable } from './pages/ReviewMarkup';

const GOLDEN = join(repoRoot, 'apps', 'flowctl', 'test', 'golden', 'diff');
const MERMAID_BUNDLE = join(editorRoot, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js');
const goldens = readdirSync(GOLDEN)
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((file) => ({ file, text: readFileSync(join(GOLDEN, file), 'utf8') }));

/** The bodies of the ```mermaid blocks of a review. */
const diagrams = (markdown: string): string[] => [...markdown.matchAll(/^```mermaid\n([\s\S]*?)\n```$/gm)].map((m) => m[1] ?? '');

/** What mermaid.parse says of a diagram: 'ok' or its error. */
function parseInPage(page: Page, text: string): Promise<string> {
  return page.evaluate(
    (diagram) =>
      window.mermaid.parse(diagram).then(
        () => 'ok',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
    text,
  );
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser({ forTests: true });
  page = await browser.newPage();
  await page.setContent('<!doctype html><html><head><title>review</title></head><body></body></html>');
  await page.addScriptTag({ path: MERMAID_BUNDLE });
  await page.evaluate(() => window.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' }));
});

afterAll(async () => {
  await browser.close();
});

describe('the markdown review on GitHub', () => {
  it('has golden reviews with diagrams, one of hostile names among them', () => {
    expect(goldens.map((g) => g.file)).toContain('onboarding-coach-hostile-names.md');
    expect(goldens.filter((g) => diagrams(g.text).length === 1).length).toBe(goldens.length - 1);
  });

  it.each(goldens)('every Mermaid diagram of $file is parsed by mermaid', async ({ text }) => {
    for (const diagram of diagrams(text)) expect(await parseInPage(page, diagram)).toBe('ok');
  });

  it('refuses an unescaped hostile label, so the parse above has teeth', async () => {
    expect(await parseInPage(page, 'flowchart TD\n  n1["He said "hi" [x]"]')).not.toBe('ok');
  });

  it('draws hostile names as text: no script element, the names readable', async () => {
    const hostile = goldens.find((g) => g.file === 'onboarding-coach-hostile-names.md')?.text ?? '';
    const [diagram] = diagrams(hostile);
    const drawn = await drawnDiagram(page, diagram ?? '');
    expect(drawn.scripts).toBe(0);
    expect(drawn.text).toContain('<script>alert(1)</script> (changed)');
    expect(drawn.text).toContain('He said "hi" [x] {y} (z) <b> (changed)');
    expect(drawn.text).toContain('🚀 launch | pipe `tick` #quot; &amp; (changed)');
  });

  it.each(goldens.filter((g) => g.text.includes('| Node |')))(
    '$file renders with marked (GFM) to a table of four columns',
    async ({ text }) => {
      const html = marked.parse(text, { gfm: true, async: false });
      const table = await renderedTable(page, html);
      expect(table.header).toEqual(['Node', 'Chain', 'Type', 'What changed']);
      expect(table.rows.length).toBeGreaterThan(0);
      expect(table.rows.every((cells) => cells === 4)).toBe(true);
      expect(table.scripts).toBe(0);
    },
  );
});
