import DOMPurify from 'dompurify';
import { marked } from 'marked';

// A link in a caption opens beside the editor, never in its place.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  // A code block may scroll sideways: it takes focus so the keyboard can scroll it (axe scrollable-region-focusable).
  if (node.tagName === 'PRE') node.setAttribute('tabindex', '0');
});

/**
 * A step's markdown as HTML, always sanitized: no script, no event handler attribute, no
 * javascript: link survives, whatever the steps file holds.
 */
export function renderCaption(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
