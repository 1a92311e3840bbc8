import type { Block, Inline } from './markdown.js';

const INLINE_TAGS = { strong: 'strong', em: 'em' } as const;

function appendInlines(doc: Document, parent: Node, inlines: readonly Inline[]): void {
  for (const inline of inlines) {
    if (inline.kind === 'text') parent.appendChild(doc.createTextNode(inline.text));
    else if (inline.kind === 'break') parent.appendChild(doc.createElement('br'));
    else if (inline.kind === 'code') {
      const code = doc.createElement('code');
      code.textContent = inline.text;
      parent.appendChild(code);
    } else if (inline.kind === 'link') {
      const link = doc.createElement('a');
      link.href = inline.href;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      appendInlines(doc, link, inline.children);
      parent.appendChild(link);
    } else {
      const element = doc.createElement(INLINE_TAGS[inline.kind]);
      appendInlines(doc, element, inline.children);
      parent.appendChild(element);
    }
  }
}

/** The DOM of parsed markdown: elements from a fixed set, text only through text nodes, links only to the addresses safeHref let through. */
export function markdownToDom(doc: Document, blocks: readonly Block[]): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  for (const block of blocks) {
    if (block.kind === 'code') {
      const pre = doc.createElement('pre');
      // A long line scrolls; a scrollable region must be reachable by keyboard.
      pre.tabIndex = 0;
      const code = doc.createElement('code');
      code.textContent = block.text;
      pre.appendChild(code);
      fragment.appendChild(pre);
    } else if (block.kind === 'list') {
      const list = doc.createElement(block.ordered ? 'ol' : 'ul');
      for (const item of block.items) {
        const li = doc.createElement('li');
        appendInlines(doc, li, item);
        list.appendChild(li);
      }
      fragment.appendChild(list);
    } else {
      const element = doc.createElement(block.kind === 'heading' ? 'strong' : 'p');
      if (block.kind === 'heading') element.className = 'heading';
      appendInlines(doc, element, block.children);
      fragment.appendChild(element);
    }
  }
  return fragment;
}
