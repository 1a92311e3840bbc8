import { createContext } from 'react';

/** Each node's accessible name (type, name, chain, step, follow-up), by node id; given by the canvas. */
export const NodeLabelsContext = createContext<(id: string) => string | undefined>(() => undefined);
