import { createContext } from 'react';

/** The rule engine's problems of each node (disconnected, on a cycle), by node id; given by the canvas. */
export const NodeProblemsContext = createContext<ReadonlyMap<string, readonly string[]>>(new Map());
