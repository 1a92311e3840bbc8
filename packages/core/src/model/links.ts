/**
 * Whether a link from a provider may be opened or shown as one: an absolute http(s) URL, or a path
 * of the provider's own site (`/hosted/…`, never `//host`). Anything else (`javascript:`, `data:`)
 * is refused, so a provider cannot run script in the editor through a hosted link.
 * @example isHttpLink('javascript:alert(1)') // false
 */
export function isHttpLink(link: string): boolean {
  if (/^\/(?![/\\])/.test(link)) return true;
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
