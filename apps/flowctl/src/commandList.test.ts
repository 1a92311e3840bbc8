import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commandList.js';

// docs/cli.md is generated from COMMANDS; test/docs.test.ts fails when it drifts.
describe('COMMANDS', () => {
  it('loads a module for every command', async () => {
    for (const command of COMMANDS) {
      const module = await command.load();
      expect(typeof module.run, command.name).toBe('function');
    }
  });
});
