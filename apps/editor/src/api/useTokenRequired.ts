import { useEffect, useState } from 'react';
import { afterPaint } from '../panels/afterPaint';
import { fetchTokenRequired } from './session';

/**
 * Whether the provider needs signing in, asked once the first frame has painted (the request cost
 * the plan's first frame a few ms): false until it answers (and when it cannot).
 */
export function useTokenRequired(): boolean {
  const [required, setRequired] = useState(false);
  useEffect(() => {
    let live = true;
    const cancel = afterPaint(() => void fetchTokenRequired().then((answer) => live && setRequired(answer)));
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return required;
}
