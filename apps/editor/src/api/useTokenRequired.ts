import { useEffect, useState } from 'react';
import { fetchTokenRequired } from './session';

/** Whether the provider needs signing in, asked once: false until it answers (and when it cannot). */
export function useTokenRequired(): boolean {
  const [required, setRequired] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchTokenRequired().then((answer) => live && setRequired(answer));
    return () => {
      live = false;
    };
  }, []);
  return required;
}
