import { describe, expect, it } from 'vitest';
import { buildFlow, functionNode, promptNode } from '../compile/flowFixtures.js';
import { flowDiffMarkdown, flowDiffsMarkdown } from './diffMarkdown.js';
import { MAX_DIAGRAM_NODES } from '../diff/diffMermaid.js';
import { codeFence, markdownCell, mermaidLabel } from '../diff/markdownEscape.js';
import { unifiedDiff } from '../diff/unifiedDiff.js';
import { lineDiff } from '../diff/valueDiff.js';

describe('markdownCell', () => {
  it('keeps a table cell one cell: pipes, line breaks, backticks and HTML as entities', () => {
    expect(markdownCell('a|b\n<i>`x`</i> & *y*')).toBe('a&#124;b<br>&#60;i&#62;&#96;x&#96;&#60;/i&#62; &#38; &#42;y&#42;');
  });
});

describe('mermaidLabel', () => {
  it('quotes the label and writes every character outside the safe set as an entity code', () => {
    expect(mermaidLabel('say "hi" [end] %% 🚀\nnext')).toBe('"say #34;hi#34; #91;end#93; #37;#37; #128640; next"');
  });
});

describe('codeFence', () => {
  it('is longer than any run of backticks in the text', () => {
    expect(codeFence('plain')).toBe('```');
    expect(codeFence('a ```` b')).toBe('`````');
  });
});

describe('unifiedDiff', () => {
  it('writes hunks with three lines of context and diff(1) line numbers', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'].join('\n');
    const after = ['1', '2', '3', '4', 'five', '6', '7', '8', '9', '10'].join('\n');
    expect(unifiedDiff(lineDiff(before, after))).toEqual(['@@ -2,7 +2,7 @@', ' 2', ' 3', ' 4', '-5', '+five', ' 6', ' 7', ' 8']);
    expect(unifiedDiff(lineDiff('', 'a'))).toEqual(['@@ -0,0 +1,1 @@', '+a']);
    expect(unifiedDiff(lineDiff('a', 'a'))).toEqual([]);
  });
});

describe('lineDiff', () => {
  it('finds the few changed lines of a long text instead of calling it all changed', () => {
    const before = Array.from({ length: 10_000 }, (_, i) => `line ${i}`);
    const after = before.map((line, i) => (i % 100 === 50 ? `${line} edited` : line));
    const changes = lineDiff(before.join('\n'), after.join('\n'));
    expect(changes.filter((c) => c.op === '-').length).toBe(100);
    expect(changes.filter((c) => c.op === '+').length).toBe(100);
    expect(changes.slice(49, 53)).toEqual([
      { op: ' ', line: 'line 49' },
      { op: '-', line: 'line 50' },
      { op: '+', line: 'line 50 edited' },
      { op: ' ', line: 'line 51' },
    ]);
  });

  it('still says all removed, all added when nothing is common', () => {
    expect(lineDiff('a\nb', 'c')).toEqual([
      { op: '-', line: 'a' },
      { op: '-', line: 'b' },
      { op: '+', line: 'c' },
    ]);
  });
});

describe('flowDiffMarkdown', () => {
  const flow = buildFlow([[promptNode('p1', 'Greet.'), functionNode('f1', 'instruct', { prompt: 'Say hi.' })]], { planId: 'plan' });

  it('folds a prompt diff longer than 40 lines in <details>', () => {
    const long = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const after = { ...flow, nodes: flow.nodes.map((n) => (n.type === 'prompt' ? { ...n, data: { ...n.data, prompt: long } } : n)) };
    const markdown = flowDiffMarkdown({ file: 'a.flow.json', before: flow, after });
    expect(markdown).toContain('<details><summary>System prompt: 51 lines changed</summary>\n\n```diff\n');
    expect(markdown).toContain('… 39 more changed lines');
  });

  it('leaves out a diagram of more nodes than a reader can see', () => {
    const nodes = Array.from({ length: MAX_DIAGRAM_NODES + 1 }, (_, i) => functionNode(`f${i}`, 'instruct'));
    const markdown = flowDiffMarkdown({ file: 'big.flow.json', before: null, after: buildFlow([nodes]) });
    expect(markdown).toContain(`${MAX_DIAGRAM_NODES + 1} nodes added, 0 removed, 0 changed · 1 chain touched (1)`);
    expect(markdown).not.toContain('```mermaid');
  });

  it('leaves out the diagram when asked (diagram: false), keeping the table and the prompt diff', () => {
    const after = { ...flow, nodes: flow.nodes.map((n) => (n.type === 'prompt' ? { ...n, data: { ...n.data, prompt: 'Welcome.' } } : n)) };
    const sides = { file: 'a.flow.json', before: flow, after };
    expect(flowDiffMarkdown(sides)).toContain('```mermaid');
    const markdown = flowDiffMarkdown(sides, { diagram: false });
    expect(markdown).not.toContain('mermaid');
    expect(markdown).toContain('| Node | Chain | Type | What changed |');
    expect(markdown).toContain('**System prompt**');
  });

  it('names at most ten touched chains in the summary', () => {
    const chains = Array.from({ length: 12 }, (_, i) => [functionNode(`f${i}`, 'instruct')]);
    const markdown = flowDiffMarkdown({ file: 'many.flow.json', before: null, after: buildFlow(chains) });
    expect(markdown).toContain('12 chains touched (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …)');
  });

  it('says when no file changed', () => {
    expect(flowDiffsMarkdown([])).toBe('No flow files changed.\n');
  });
});
