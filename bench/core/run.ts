import { mkdirSync, writeFileSync } from 'node:fs';
import { compileFlow } from '../../packages/core/src/compile/compileFlow.js';
import { deconstructFlow } from '../../packages/core/src/compile/deconstructFlow.js';
import { nodeSchema } from '../../packages/core/src/compile/nodeSchema.js';
import { parseFlow } from '../../packages/core/src/format/parseFlow.js';
import { serializeFlow } from '../../packages/core/src/format/serializeFlow.js';
import { analyzeChains } from '../../packages/core/src/graph/analyzeChains.js';
import { validateFlow } from '../../packages/core/src/rules/validateFlow.js';
import { syntheticFlow } from './syntheticFlow.js';
import { type HistoryFigures, measureHistory } from './history.js';
import { fmt, measureRatio } from './measure.js';

const SIZES = [1_000, 10_000];
const OPERATIONS = ['analyze', 'validate', 'compile', 'serialize', 'serialize read', 'deconstruct'] as const;
type Operation = (typeof OPERATIONS)[number];

interface OperationFigures {
  operation: Operation;
  ms: number;
  /** Time as a ratio to JSON.parse + JSON.stringify of the same file text. */
  ratio: number;
}

interface SizeFigures {
  nodes: number;
  fileBytes: number;
  baselineMs: number;
  operations: OperationFigures[];
}

function measureSize(size: number): SizeFigures {
  const doc = syntheticFlow(size);
  const text = serializeFlow(doc);
  const records = doc.nodes.flatMap((node) => (node.type === 'function' ? [node.data] : []));
  const schema = nodeSchema(doc);
  const compiled = compileFlow(doc).system_message;
  // The flow as the provider and flowctl fmt hold it: read back from its file.
  const read = parseFlow(text);
  if (!read.ok) throw new Error('the synthetic flow does not read back');
  const ops: Record<Operation, () => unknown> = {
    analyze: () => analyzeChains(records),
    validate: () => validateFlow(doc),
    compile: () => compileFlow(doc),
    serialize: () => serializeFlow(doc),
    'serialize read': () => serializeFlow(read.doc),
    deconstruct: () => deconstructFlow(schema, compiled),
  };
  const baseline = () => JSON.stringify(JSON.parse(text));
  const timings = OPERATIONS.map((operation) => ({ operation, ...measureRatio(ops[operation], baseline) }));
  const baselines = timings.map((t) => t.baselineMs).sort((a, b) => a - b);
  return {
    nodes: size,
    fileBytes: text.length,
    baselineMs: baselines[Math.floor(baselines.length / 2)] ?? 0,
    operations: timings.map(({ operation, medianMs, ratio }) => ({ operation, ms: medianMs, ratio })),
  };
}

const pad = (s: string, n: number) => s.padStart(n);

function printTable(rows: SizeFigures[], history: HistoryFigures): void {
  console.log('\ncore: each operation as a ratio to JSON.parse + JSON.stringify of the same file (median ms in brackets)');
  console.log(['nodes', 'file KB', 'baseline ms', ...OPERATIONS].map((h, i) => pad(h, i < 3 ? 13 : 20)).join(''));
  for (const r of rows) {
    const cells = r.operations.map((o) => pad(`${fmt(o.ratio)}x (${fmt(o.ms)})`, 20));
    console.log([pad(r.nodes.toLocaleString('en'), 13), pad(fmt(r.fileBytes / 1024), 13), pad(fmt(r.baselineMs), 13), ...cells].join(''));
  }
  const [small, large] = rows;
  if (small && large) {
    const cells = large.operations.map((o, i) => pad(`${fmt(o.ms / (small.operations[i]?.ms ?? Number.NaN))}x`, 20));
    console.log([pad('10k / 1k time', 13), pad('', 13), pad(`${fmt(large.baselineMs / small.baselineMs)}x`, 13), ...cells].join(''));
  }
  console.log(
    `\ncore: history on ${history.nodes.toLocaleString('en')} nodes, ${history.entries} entries: ` +
      `undo ${fmt(history.undoMs)} ms (${fmt(history.undoFrames)} of a 16 ms frame), ` +
      `redo ${fmt(history.redoMs)} ms (${fmt(history.redoFrames)} of a frame), ` +
      `record an edit ${fmt(history.recordMs)} ms`,
  );
}

/** The core benchmarks: analyze, validate, compile, serialize at 1,000 and 10,000 nodes; undo/redo at 5,000. */
export async function run(): Promise<void> {
  const rows = SIZES.map(measureSize);
  const history = measureHistory(5_000);
  printTable(rows, history);
  const results = new URL('../results/', import.meta.url);
  mkdirSync(results, { recursive: true });
  const report = {
    section: 'core',
    when: new Date().toISOString(),
    node: process.version,
    method:
      'operation and baseline sampled alternately, 11 samples each after a 150 ms warm-up; ratio = median of ' +
      'per-sample ratios of the operation to JSON.parse + JSON.stringify of the same file text',
    sizes: rows,
    history,
  };
  const file = new URL('core.json', results);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote ${file.pathname}`);
}
