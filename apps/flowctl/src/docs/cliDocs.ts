import { COMMANDS, GLOBAL_OPTIONS } from '../commandList.js';
import { CLI_CONVENTIONS, CLI_INTRO, COMMAND_GUIDES } from './commandGuides.js';
import { docSandbox } from './docSandbox.js';
import { allSamples, renderCliDocs } from './renderCliDocs.js';
import { runSamples } from './runSamples.js';

/** docs/cli.md as the command definitions and flowctl's main make it today (runs every sample). */
export async function makeCliDocs(): Promise<string> {
  const runs = await runSamples(allSamples(COMMANDS, COMMAND_GUIDES), docSandbox());
  return renderCliDocs({
    intro: CLI_INTRO,
    conventions: CLI_CONVENTIONS,
    commands: COMMANDS,
    globalOptions: GLOBAL_OPTIONS,
    guides: COMMAND_GUIDES,
    runs,
  });
}
