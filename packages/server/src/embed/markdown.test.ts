import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref, type Block, type Inline } from './markdown.js';

const text = (t: string): Inline => ({ kind: 'text', text: t });

/** Every link address and every text of a parsed message, walked. */
function walk(blocks: readonly Block[]): { hrefs: string[]; kinds: Set<string> } {
  const hrefs: string[] = [];
  const kinds = new Set<string>();
  const inlines = (list: readonly Inline[]): void => {
    for (const inline of list) {
      kinds.add(inline.kind);
      if (inline.kind === 'link') hrefs.push(inline.href);
      if ('children' in inline) inlines(inline.children);
    }
  };
  for (const block of blocks) {
    kinds.add(block.kind);
    if (block.kind === 'list') block.items.forEach(inlines);
    else if (block.kind !== 'code') inlines(block.children);
  }
  return { hrefs, kinds };
}

describe('parseMarkdown', () => {
  it('reads paragraphs, line breaks, bold, italic, code, lists, fenced code and links', () => {
    const blocks = parseMarkdown(
      'Hi **Ann**, see *this*\nand `x < 1`.\n\n- one\n- [docs](https://flow.example.com/docs)\n\n1. first\n2. _second_\n\n```js\nlet a = "<b>";\n```',
    );
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        children: [
          text('Hi '),
          { kind: 'strong', children: [text('Ann')] },
          text(', see '),
          { kind: 'em', children: [text('this')] },
          { kind: 'break' },
          text('and '),
          { kind: 'code', text: 'x < 1' },
          text('.'),
        ],
      },
      {
        kind: 'list',
        ordered: false,
        items: [[text('one')], [{ kind: 'link', href: 'https://flow.example.com/docs', children: [text('docs')] }]],
      },
      { kind: 'list', ordered: true, items: [[text('first')], [{ kind: 'em', children: [text('second')] }]] },
      { kind: 'code', text: 'let a = "<b>";' },
    ]);
  });

  it('keeps HTML as text: an <img onerror> or a <script> is words, never an element', () => {
    const hostile = '<img src=x onerror="alert(1)"> <script>alert(2)</script> <a href="javascript:alert(3)">x</a>';
    expect(parseMarkdown(hostile)).toEqual([{ kind: 'paragraph', children: [text(hostile)] }]);
  });

  it('drops the address of javascript:, data: and relative links and keeps their words', () => {
    const blocks = parseMarkdown(
      '[click](javascript:alert(1)) [a](JaVaScRiPt:alert(1)) [b](data:text/html,<script>alert(1)</script>) [c](/admin) [d]( javascript:void 0)',
    );
    const { hrefs } = walk(blocks);
    expect(hrefs).toEqual([]);
    expect(blocks).toEqual([{ kind: 'paragraph', children: [text('click) a) b</script>) c d')] }]);
  });

  it('links only http(s) and mailto addresses, normalised', () => {
    expect(safeHref('https://a.example/x?y=1')).toBe('https://a.example/x?y=1');
    expect(safeHref('mailto:help@shop.example')).toBe('mailto:help@shop.example');
    expect(safeHref(' HTTP://A.example ')).toBe('http://a.example/');
    for (const bad of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:x',
      'data:text/html,x',
      '//evil.example',
      'file:///etc/passwd',
      '',
    ])
      expect(safeHref(bad)).toBeNull();
  });

  it('keeps markup nested inside links and emphasis inert', () => {
    const blocks = parseMarkdown('**[<img src=x onerror=alert(1)>](https://ok.example)** *`<b>`*');
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        children: [
          {
            kind: 'strong',
            children: [{ kind: 'link', href: 'https://ok.example/', children: [text('<img src=x onerror=alert(1)>')] }],
          },
          text(' '),
          { kind: 'em', children: [{ kind: 'code', text: '<b>' }] },
        ],
      },
    ]);
  });

  it('links bare URLs without their trailing punctuation, and leaves snake_case alone', () => {
    expect(parseInline('See https://shop.example/help. my_var_name')).toEqual([
      text('See '),
      { kind: 'link', href: 'https://shop.example/help', children: [text('https://shop.example/help')] },
      text('. my_var_name'),
    ]);
  });

  it('reads an unclosed fence as code to the end, as while an answer streams', () => {
    expect(parseMarkdown('Run:\n```\nflowctl run')).toEqual([
      { kind: 'paragraph', children: [text('Run:')] },
      { kind: 'code', text: 'flowctl run' },
    ]);
  });

  it('parses deeply nested and unbalanced markers without growing the stack', () => {
    const deep = '**'.repeat(5000) + 'x' + '**'.repeat(5000) + '['.repeat(5000) + '*'.repeat(5000);
    const { kinds } = walk(parseMarkdown(deep));
    expect([...kinds].every((kind) => ['paragraph', 'strong', 'em', 'text', 'break', 'code', 'link'].includes(kind))).toBe(true);
  });

  it('reads headings, and an indented line as the rest of the list item above it', () => {
    expect(parseMarkdown('## Steps\n- Open *Settings*\n  then Keys\n- Done')).toEqual([
      { kind: 'heading', children: [text('Steps')] },
      {
        kind: 'list',
        ordered: false,
        items: [[text('Open '), { kind: 'em', children: [text('Settings')] }, { kind: 'break' }, text('then Keys')], [text('Done')]],
      },
    ]);
  });

  it('keeps backslash-escaped markers as text', () => {
    expect(parseInline('\\*not italic\\* \\[x](y)')).toEqual([text('*not italic* [x](y)')]);
  });
});
