/**
 * A provider process for crash tests: `pausingProvider.test-helper.ts <dir or postgres://…> <step count>`
 * serves the folder (or the database) and holds its writes after that many steps of atomic changes
 * (journal, files, removal; in a database, the row and the record inside the transaction), printing
 * `paused after <step>` on stderr, so the test can kill it with SIGKILL exactly there.
 */
// The package's own build (its "default" export), as a deployed provider runs.
import { startServer } from '@flow/server';
import type { DatabaseStep, JournalStep } from './store/journal.js';

const [dir, countText] = process.argv.slice(2);
const pauseAt = Number(countText);
if (dir === undefined || !Number.isInteger(pauseAt) || pauseAt < 1) {
  process.stderr.write('usage: pausingProvider.test-helper.ts <dir> <step count>\n');
  process.exit(2);
}

const steps: (JournalStep | DatabaseStep)[] = [];
const server = await startServer({
  ...(dir.startsWith('postgres://') ? { database: dir } : { dir }),
  port: 0,
  seedDir: null,
  log: (line) => process.stderr.write(`${line}\n`),
  faults: {
    after(step) {
      steps.push(step);
      if (steps.length !== pauseAt) return;
      process.stderr.write(`paused after ${step} (step ${steps.length})\n`);
      return new Promise<void>(() => undefined);
    },
  },
});
process.stdout.write(`listening on ${server.url}\n`);
