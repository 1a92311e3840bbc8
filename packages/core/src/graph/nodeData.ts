import { defaultMetadata, functionDefinition } from '../functions/registry.js';
import { LIGHTNING } from '../model/emoji.js';
import { mergeDefaults } from '../model/paths.js';
import type { FunctionType } from '../functions/registry.js';
import type { FunctionNodeData, PromptNodeData, Workflow, WorkflowNodeData, WorkflowStep } from '../format/types.js';

export { CLIPBOARD, GLOBE, LIGHTNING } from '../model/emoji.js';

/** Spec section 9: function sequence default. */
export const DEFAULT_SEQUENCE = 3;

/** Default trigger_text (badge emoji) of a new function of `type`: its definition's emoji. */
export function defaultTriggerText(type: string): string {
  return functionDefinition(type)?.emoji ?? LIGHTNING;
}

/** What a new function needs; any other FunctionNodeData field may be given to override. */
export type FunctionDataInit = { uuid: string; planId: string; name?: string } & Partial<
  Omit<FunctionNodeData, 'uuid' | 'plan_id' | 'type'>
>;

/**
 * A complete FunctionNodeData for a new function: defaults of spec section 3 (metadata of the
 * type, sequence 3, active, post action none), `init` on top (its metadata merged over the
 * defaults), timestamps `now`.
 * @example createFunctionData('custom_gpt', { uuid: 'f1', planId: 'p1' }).metadata.temperature // 0.7
 */
export function createFunctionData(type: FunctionType, init: FunctionDataInit, now = ''): FunctionNodeData {
  const name = init.name ?? functionDefinition(type).name;
  // Keys in the format's (sorted) order, so saving a new node copies nothing.
  return {
    active: init.active ?? true,
    button_text: init.button_text ?? '',
    config_env: init.config_env ?? null,
    config_id: init.config_id ?? null,
    created_at: init.created_at ?? now,
    deleted_at: init.deleted_at ?? null,
    description: init.description ?? '',
    execute_first: init.execute_first ?? false,
    execute_once: init.execute_once ?? false,
    ...(init.id === undefined ? {} : { id: init.id }),
    metadata: mergeDefaults(defaultMetadata(type), init.metadata ?? {}),
    name,
    plan_id: init.planId,
    post_action_function_id: init.post_action_function_id ?? '',
    post_action_type: init.post_action_type ?? 'none',
    sequence: init.sequence ?? DEFAULT_SEQUENCE,
    skip_tracking: init.skip_tracking ?? false,
    source_function_id: init.source_function_id ?? null,
    thinking_text: init.thinking_text ?? '',
    title: init.title ?? name,
    track: init.track ?? false,
    trigger: init.trigger ?? '',
    trigger_text: init.trigger_text ?? defaultTriggerText(type),
    trigger_type: init.trigger_type ?? '',
    type,
    updated_at: init.updated_at ?? now,
    uuid: init.uuid,
  };
}

/** Data of a new prompt node: the Instruct node of spec section 3. */
export function createPromptData(prompt = ''): PromptNodeData {
  return { name: 'Instruct', nodeType: 'default', prompt, trigger_text: LIGHTNING };
}

function workflowEmoji(workflow: Workflow): string | undefined {
  const emoji = workflow.json['emoji'];
  return typeof emoji === 'string' && emoji !== '' ? emoji : undefined;
}

// A provider may send a workflow without steps.
function workflowSteps(workflow: Workflow): WorkflowStep[] {
  return Array.isArray(workflow.json.steps) ? workflow.json.steps : [];
}

/** Data of a workflow node for a saved workflow: its name, id and a copy of its steps. */
export function createWorkflowData(workflow: Workflow): WorkflowNodeData {
  return {
    description: workflow.description,
    metadata: { workflow_id: workflow.id },
    name: workflow.name,
    steps: workflowSteps(workflow).map((step) => ({ ...step, config: structuredClone(step.config) })),
    trigger_text: workflowEmoji(workflow) ?? LIGHTNING,
  };
}
