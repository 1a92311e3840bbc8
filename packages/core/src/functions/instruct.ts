import { renderInstruct } from './render/renderModelCalls.js';
import { LIGHTNING } from '../model/emoji.js';
import { defineFunction } from './FunctionDefinition.js';
import { instructTool } from './tools/typeTools.js';

export type InstructMetadata = { prompt: string };

const defaults: InstructMetadata = { prompt: '' };

/** instruct: an instruction the agent follows at this step. */
export const instruct = defineFunction<'instruct', InstructMetadata>({
  type: 'instruct',
  name: 'Instruct',
  description: 'Give the agent an instruction to follow',
  emoji: LIGHTNING,
  promptKind: 'Instruct',
  defaults,
  fields: [
    {
      key: 'prompt',
      label: 'Prompt',
      kind: 'textarea',
      placeholder: 'Enter your instruction here...',
      help: 'What the agent does at this step, in plain words.',
    },
  ],
  quick: { metadata: { prompt: '' } },
  render: renderInstruct,
  tool: instructTool,
});
