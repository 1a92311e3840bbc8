import { providerUrl } from './providerUrl';

/** The provider's sign-in page, which comes back to `next` (this page) after signing in. */
export const signInPath = (next: string): string => `/signin?next=${encodeURIComponent(next)}`;

/** Whether the provider needs signing in (it was started with a token): only then is there a 'Sign out'. */
export async function fetchTokenRequired(): Promise<boolean> {
  try {
    const res = await fetch(`${providerUrl()}/api/session`, { headers: { Accept: 'application/json' } });
    const body: unknown = res.ok ? await res.json() : null;
    return typeof body === 'object' && body !== null && 'tokenRequired' in body && body.tokenRequired === true;
  } catch {
    return false;
  }
}

/** Ends the browser's session on the provider, then shows the sign-in page. */
export async function signOut(): Promise<void> {
  await fetch(`${providerUrl()}/api/session`, { method: 'DELETE' }).catch(() => undefined);
  window.location.assign(signInPath(window.location.pathname));
}
