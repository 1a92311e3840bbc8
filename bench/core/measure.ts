/** Timing of one operation: median milliseconds per call over several samples. */
export interface Timing {
  medianMs: number;
  samples: number;
}

/** An operation's time and its ratio to a baseline, measured in alternating samples. */
export interface RatioTiming {
  medianMs: number;
  baselineMs: number;
  /** Median of the per-sample ratios, so that load changes during the run cancel out. */
  ratio: number;
}

const SAMPLES = 11;
const WARM_UP_MS = 150;
const MIN_SAMPLE_MS = 25;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

// Warms an operation up and returns how many calls make one sample of at least MIN_SAMPLE_MS.
function prepare(op: () => unknown): number {
  const warmUntil = performance.now() + WARM_UP_MS;
  for (let calls = 0; calls < 3 || performance.now() < warmUntil; calls++) op();
  const start = performance.now();
  op();
  return Math.max(1, Math.ceil(MIN_SAMPLE_MS / Math.max(performance.now() - start, 0.001)));
}

function sample(op: () => unknown, calls: number): number {
  const start = performance.now();
  for (let i = 0; i < calls; i++) op();
  return (performance.now() - start) / calls;
}

/** Median time per call of `op` after a warm-up; fast operations are repeated within a sample. */
export function measure(op: () => unknown, samples = SAMPLES): Timing {
  const calls = prepare(op);
  return { medianMs: median(Array.from({ length: samples }, () => sample(op, calls))), samples };
}

/** `op` against `baseline`, sampled alternately after both are warm. */
export function measureRatio(op: () => unknown, baseline: () => unknown, samples = SAMPLES): RatioTiming {
  const baseCalls = prepare(baseline);
  const opCalls = prepare(op);
  const ops: number[] = [];
  const bases: number[] = [];
  const ratios: number[] = [];
  for (let s = 0; s < samples; s++) {
    const b = sample(baseline, baseCalls);
    const o = sample(op, opCalls);
    bases.push(b);
    ops.push(o);
    ratios.push(o / b);
  }
  return { medianMs: median(ops), baselineMs: median(bases), ratio: median(ratios) };
}

/** A number with three significant digits (whole numbers from 100 up), for tables. */
export function fmt(n: number): string {
  return n >= 100 ? n.toFixed(0) : n.toPrecision(3);
}
