// The events of a Chromium trace (Browser.startTracing), as the editor benchmark's scripts read them.

/** One trace event: the fields the benchmark reads, each checked by isTraceEvent. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** When it began, in µs. */
  ts: number;
  /** How long a complete event lasted, in µs. */
  dur?: number;
  /** The thread (CPU) time of a complete event, in µs. */
  tdur?: number;
  args?: { name?: unknown };
}

const optionalNumber = (value: object, key: string): boolean => !(key in value) || typeof Reflect.get(value, key) === 'number';

export const isTraceEvent = (value: unknown): value is TraceEvent =>
  value !== null &&
  typeof value === 'object' &&
  'name' in value &&
  typeof value.name === 'string' &&
  'ph' in value &&
  typeof value.ph === 'string' &&
  'pid' in value &&
  typeof value.pid === 'number' &&
  'tid' in value &&
  typeof value.tid === 'number' &&
  'ts' in value &&
  typeof value.ts === 'number' &&
  optionalNumber(value, 'dur') &&
  optionalNumber(value, 'tdur');

/** The events of a parsed trace: `{ traceEvents: [...] }` or the bare list. */
export function traceEventsOf(trace: unknown): TraceEvent[] {
  const list: unknown = trace !== null && typeof trace === 'object' && 'traceEvents' in trace ? trace.traceEvents : trace;
  return Array.isArray(list) ? list.filter(isTraceEvent) : [];
}
