import DOMPurify from 'dompurify';
import { marked } from 'marked';

/**
 * A step's markdown as HTML, always sanitized: no script, no event handler attribute, no
 * javascript: link survives, whatever the steps file holds.
 */
export function renderCaption(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
