import { renderChangeInstructions } from './render/renderModelCalls.js';
import { LIGHTNING } from '../model/emoji.js';
import { defineFunction } from './FunctionDefinition.js';

export type ChangeInstructionsMetadata = { system_prompts: string[] };

const defaults: ChangeInstructionsMetadata = { system_prompts: [] };

/** change_instructions: switch the agent to other system instructions. */
export const changeInstructions = defineFunction<'change_instructions', ChangeInstructionsMetadata>({
  type: 'change_instructions',
  name: 'Change Instructions',
  description: 'Switch the agent to other system instructions',
  emoji: LIGHTNING,
  promptKind: 'Change instructions',
  defaults,
  fields: [
    {
      key: 'system_prompts',
      label: 'System Prompts',
      kind: 'textList',
      help: 'The instructions that replace the agent’s, one per entry.',
    },
  ],
  render: renderChangeInstructions,
});
