/**
 * A URL as it may be shown: without the user name and password it may carry
 * (`http://user:pass@host/v1` → `http://host/v1`). Text that is not a URL has anything up to an `@`
 * after the scheme cut the same way, so a mistyped URL does not show its password either.
 * @example urlWithoutCredentials('http://me:hunter2@127.0.0.1:11434/v1') // 'http://127.0.0.1:11434/v1'
 */
export function urlWithoutCredentials(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return String(url).replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1');
  }
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}
