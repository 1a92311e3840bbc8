import { useEffect, useState } from 'react';
import { providerUrl } from './providerUrl';

/** The provider's sign-in page, which comes back to `next` (this page) after signing in. */
export const signInPath = (next: string): string => `/signin?next=${encodeURIComponent(next)}`;

/** Whether the provider needs signing in (it was started with a token): only then is there a 'Sign out'. */
export function useTokenRequired(): boolean {
  const [required, setRequired] = useState(false);
  useEffect(() => {
    let live = true;
    fetch(`${providerUrl()}/api/session`, { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => {
        if (live && typeof body === 'object' && body !== null && 'tokenRequired' in body) setRequired(body.tokenRequired === true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return required;
}

/** Ends the browser's session on the provider, then shows the sign-in page. */
export async function signOut(): Promise<void> {
  await fetch(`${providerUrl()}/api/session`, { method: 'DELETE' }).catch(() => undefined);
  window.location.assign(signInPath(window.location.pathname));
}
