/** A setting of this browser (local storage); '' when unset or when storage is off (private mode). */
export function readSetting(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** Keeps a setting in this browser ('' removes it); without storage it lasts for this page only. */
export function writeSetting(key: string, value: string): void {
  try {
    if (value === '') localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage is off: nothing to keep
  }
}

/** Local storage key of the provider URL setting. */
export const PROVIDER_URL_KEY = 'flow:providerUrl';

/** The provider's base URL: the setting when present, else the page's own origin (''). */
export function providerUrl(): string {
  return readSetting(PROVIDER_URL_KEY);
}

/**
 * The options of every client of the provider this page talks to: workflow and session calls send
 * cookies only to the page's own origin ('same-origin'): the local provider's sign-in cookie, never
 * another provider's (the spec: no cookies).
 */
export function providerClientOptions() {
  return { baseUrl: providerUrl(), hostedCredentials: 'same-origin' } as const;
}
