import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/commandList.js';
import { COMMAND_GUIDES } from '../src/docs/commandGuides.js';
import { makeCliDocs } from '../src/docs/cliDocs.js';
import { commandSamples } from '../src/docs/renderCliDocs.js';
import { REPO } from './helpers/build.js';

describe('docs/cli.md', () => {
  it('is what the command definitions and the samples run against the examples make (pnpm --filter flowctl run docs)', async () => {
    // makeCliDocs fails on any sample that does not exit as the docs say.
    const made = await makeCliDocs();
    const committed = readFileSync(join(REPO, 'docs', 'cli.md'), 'utf8');
    expect(committed, 'docs/cli.md is out of date: run `pnpm --filter flowctl run docs`').toBe(made);
  }, 120_000);

  it('has a guide and a runnable example for every command, and names only plans the examples have', () => {
    const plans = ['support-desk', 'lead-qualifier', 'onboarding-coach'];
    for (const spec of COMMANDS) {
      expect(COMMAND_GUIDES[spec.name], spec.name).toBeDefined();
      for (const sample of commandSamples(spec, COMMAND_GUIDES[spec.name])) {
        expect(sample.command.startsWith(`flowctl ${spec.name}`), sample.command).toBe(true);
        const plan = /--plan (\S+)/.exec(sample.command)?.[1];
        if (plan !== undefined) expect(plans, sample.command).toContain(plan);
      }
    }
  });
});
