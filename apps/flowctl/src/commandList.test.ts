import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, GLOBAL_OPTIONS } from './commandList.js';

const docs = readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8');

describe('docs/cli.md', () => {
  it('documents every command with its example and every option', () => {
    for (const command of COMMANDS) {
      expect(docs, command.name).toContain(`## flowctl ${command.name}`);
      expect(docs, command.name).toContain(command.example);
      for (const option of command.options) {
        const long = option.flags.split(/[ ,]+/).find((flag) => flag.startsWith('--')) ?? option.flags;
        expect(docs, `${command.name} ${long}`).toContain(long);
      }
    }
    for (const option of GLOBAL_OPTIONS) {
      const long = option.flags.split(/[ ,]+/).find((flag) => flag.startsWith('--')) ?? option.flags;
      expect(docs).toContain(long);
      if (option.env) expect(docs).toContain(option.env);
    }
  });

  it('loads a module for every command', async () => {
    for (const command of COMMANDS) {
      const module = await command.load();
      expect(typeof module.run, command.name).toBe('function');
    }
  });
});
