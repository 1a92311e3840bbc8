import { renderSendWorkflow } from './render/renderIntegrations.js';
import { flowMessages } from '../messages.js';
import { CLIPBOARD } from '../model/emoji.js';
import { defineFunction } from './FunctionDefinition.js';
import { sendWorkflowTool } from './tools/typeTools.js';

export type SendWorkflowMetadata = {
  workflow_id: string;
  hosted_link: string;
  message: string;
  error: string;
};

const defaults: SendWorkflowMetadata = { workflow_id: '', hosted_link: '', message: '', error: '' };

/** send_workflow: send a saved workflow of the plan to the user (default emoji clipboard). */
export const sendWorkflow = defineFunction<'send_workflow', SendWorkflowMetadata>({
  type: 'send_workflow',
  name: 'Send Workflow',
  description: 'Send a saved workflow to the user',
  emoji: CLIPBOARD,
  promptKind: 'Send workflow',
  defaults,
  fields: [
    { key: 'workflow_id', label: 'Workflow', kind: 'workflowRef' },
    { key: 'hosted_link', label: 'Hosted Link', kind: 'text', placeholder: 'https://' },
    { key: 'message', label: 'Message', kind: 'textarea' },
    { key: 'error', label: 'Error Message', kind: 'textarea' },
  ],
  quick: { tooltip: flowMessages.openWorkflowSelector },
  render: renderSendWorkflow,
  tool: sendWorkflowTool,
});
