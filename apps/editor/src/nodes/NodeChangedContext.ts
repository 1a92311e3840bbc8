import { createContext } from 'react';

/** The nodes added or changed since the last publish, by id; given by the canvas. */
export const NodeChangedContext = createContext<ReadonlySet<string>>(new Set());
