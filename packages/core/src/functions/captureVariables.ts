import { renderCaptureVariables } from './render/renderConversation.js';
import { LIGHTNING } from '../model/emoji.js';
import type { NameDescription } from '../model/metadataParts.js';
import { defineFunction } from './FunctionDefinition.js';
import { captureVariablesTool } from './tools/typeTools.js';

export type CaptureVariablesMetadata = { variables: NameDescription[] };

const defaults: CaptureVariablesMetadata = { variables: [] };

/** capture_variables: values from the conversation, kept in named variables. */
export const captureVariables = defineFunction<'capture_variables', CaptureVariablesMetadata>({
  type: 'capture_variables',
  name: 'Capture Variable',
  description: 'Capture values from the conversation into variables',
  emoji: LIGHTNING,
  promptKind: 'Capture variables',
  defaults,
  fields: [
    {
      key: 'variables',
      label: 'Variables',
      kind: 'keyValueList',
      itemFields: ['name', 'description'],
      help: 'Each variable and what it holds, so the agent knows what to ask for.',
    },
  ],
  quick: { metadata: { variables: [] } },
  render: renderCaptureVariables,
  tool: captureVariablesTool,
});
