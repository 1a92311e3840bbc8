/** Local storage key of the provider URL setting. */
export const PROVIDER_URL_KEY = 'flow:providerUrl';

/** The provider's base URL: the setting when present, else the page's own origin (''). */
export function providerUrl(): string {
  try {
    return localStorage.getItem(PROVIDER_URL_KEY) ?? '';
  } catch {
    return '';
  }
}
