// The chat's markdown, parsed into plain data that markdownDom.ts turns into DOM nodes with text
// nodes only: no HTML string is ever built, so no input can become markup. (DOMPurify and marked
// together are ~25 KB gzip, more than the whole element's 15 KB budget.)

/** An inline piece of text. */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'break' }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] };

/** A block of a message. */
export type Block =
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'heading'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

/** Emphasis nests at most this deep; deeper markers stay text, so no input can grow the stack. */
const MAX_DEPTH = 4;

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The URL when it is an absolute http(s) or mailto address, else null (javascript:, data:, relative…). */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

const BARE_URL = /^https?:\/\/[^\s<>()"']+[^\s<>()"'.,;:!?]/;

/** Appends text, merging with the text before it. */
function pushText(out: Inline[], text: string): void {
  const last = out[out.length - 1];
  if (last?.kind === 'text') last.text += text;
  else if (text !== '') out.push({ kind: 'text', text });
}

/** The index of the closing `marker` for an opening at `from`: content not empty, not starting or ending with a space. */
function closing(s: string, from: number, marker: string): number {
  const start = from + marker.length;
  if (start >= s.length || s[start] === ' ') return -1;
  let at = s.indexOf(marker, start + 1);
  // `*a **b** c*`: a single `*` must not close on half of a `**`.
  while (at !== -1 && (s[at - 1] === ' ' || (marker === '*' && s[at + 1] === '*')))
    at = s.indexOf(marker, at + (s[at + 1] === '*' ? 2 : 1));
  return at;
}

/** Parses inline markdown: **bold**, *italic* / _italic_, `code`, [links](https://…), bare URLs, line breaks, \escapes. */
export function parseInline(s: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i] ?? '';
    if (c === '\\' && i + 1 < s.length && /[\\`*_[\]()#+\-.!]/.test(s[i + 1] ?? '')) {
      pushText(out, s[i + 1] ?? '');
      i += 2;
      continue;
    }
    if (c === '\n') {
      out.push({ kind: 'break' });
      i += 1;
      continue;
    }
    if (c === '`') {
      const end = s.indexOf('`', i + 1);
      if (end > i + 1) {
        out.push({ kind: 'code', text: s.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (depth < MAX_DEPTH && (c === '*' || c === '_')) {
      const marker = s.startsWith(c + c, i) ? c + c : c;
      // snake_case words keep their underscores.
      const inWord = c === '_' && /\w/.test(s[i - 1] ?? '');
      const end = inWord ? -1 : closing(s, i, marker);
      if (end !== -1) {
        const children = parseInline(s.slice(i + marker.length, end), depth + 1);
        out.push({ kind: marker.length === 2 ? 'strong' : 'em', children });
        i = end + marker.length;
        continue;
      }
    }
    if (depth < MAX_DEPTH && c === '[') {
      const textEnd = s.indexOf('](', i + 1);
      const urlEnd = textEnd === -1 ? -1 : s.indexOf(')', textEnd + 2);
      if (urlEnd !== -1 && !s.slice(i + 1, textEnd).includes('\n')) {
        const children = parseInline(s.slice(i + 1, textEnd), depth + 1);
        const href = safeHref(s.slice(textEnd + 2, urlEnd));
        // An unsafe link keeps its words and loses its address.
        if (href !== null) out.push({ kind: 'link', href, children });
        else
          for (const child of children) {
            if (child.kind === 'text') pushText(out, child.text);
            else out.push(child);
          }
        i = urlEnd + 1;
        continue;
      }
    }
    if (c === 'h' && !/\w/.test(s[i - 1] ?? '')) {
      const bare = BARE_URL.exec(s.slice(i))?.[0];
      const href = bare === undefined ? null : safeHref(bare);
      if (bare !== undefined && href !== null) {
        out.push({ kind: 'link', href, children: [{ kind: 'text', text: bare }] });
        i += bare.length;
        continue;
      }
    }
    pushText(out, c);
    i += 1;
  }
  return out;
}

const FENCE = /^\s*(```|~~~)/;
const LIST_ITEM = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

/**
 * Parses a message into blocks: paragraphs (single newlines are line breaks), headings, fenced
 * code (an unclosed fence runs to the end, as while it streams), bulleted and numbered lists.
 */
export function parseMarkdown(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = (): void => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join('\n')) });
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map((item) => parseInline(item)) });
    paragraph = [];
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const fence = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      flush();
      const code: string[] = [];
      for (i += 1; i < lines.length && !(lines[i] ?? '').trimStart().startsWith(fence); i++) code.push(lines[i] ?? '');
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line)?.[1];
    if (heading !== undefined) {
      flush();
      blocks.push({ kind: 'heading', children: parseInline(heading) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[1] ?? '');
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[2] ?? '');
      continue;
    }
    if (list && /^\s/.test(line)) {
      // An indented line goes on with the item above it.
      const last = list.items.length - 1;
      list.items[last] = `${list.items[last] ?? ''}\n${line.trim()}`;
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}
