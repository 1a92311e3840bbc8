// Test files in order of their last recorded duration, longest first, so that no long file starts
// last and runs alone at the end (on two cores the unit part ended with docs.test.ts alone for
// ~10 s, started 44 s in). Vitest orders by its own cache of durations, which a fresh clone (CI)
// does not have; the recorded durations are `scripts/test-durations.json`, written by
// `RECORD_TEST_DURATIONS=1 pnpm test` (scripts/run-tests.mjs). A file not recorded keeps Vitest's
// order, after the recorded ones.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = fileURLToPath(new URL('..', import.meta.url));
export const DURATIONS_FILE = fileURLToPath(new URL('./test-durations.json', import.meta.url));

function recorded(): Readonly<Record<string, number>> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(DURATIONS_FILE, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch {
    return {};
  }
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = recorded();
    const duration = (file: TestSpecification): number => durations[relative(root, file.moduleId)] ?? -1;
    // Array.prototype.sort is stable: files of equal (or no) record keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => duration(b) - duration(a));
  }
}
