import type { FlowNode, FunctionNodeData, PromptNodeData, WorkflowNodeData } from '../format/types.js';
import { inline, textField, word } from '../functions/render/quote.js';
import type { RenderContext } from '../functions/render/renderContext.js';
import { renderFunctionBody } from './renderFunction.js';
import { renderSettings } from '../functions/render/renderSettings.js';
import { nodeHeading } from './stepPlaces.js';

/** Where a step sits in its chain, for the words of its "Then" line. */
export interface StepPosition {
  number: number;
  isLast: boolean;
  /** 1-based index of the next chain, when there is one. */
  nextChain: number | null;
}

/** The lines of one numbered step: heading, body, and for a function what follows it. */
export function renderStep(node: FlowNode, position: StepPosition, ctx: RenderContext): string[] {
  const heading = `${position.number}. ${nodeHeading(node)}`;
  if (node.type === 'prompt') return [heading, ...renderPromptBody(node.data, ctx)];
  if (node.type === 'workflow') return [heading, ...renderWorkflowBody(node.data, ctx)];
  return [heading, ...renderFunctionBody(node.data, ctx), `${ctx.indent}Then: ${thenText(node.data, position, ctx)}`];
}

function renderPromptBody(data: PromptNodeData, { indent }: RenderContext): string[] {
  const prompt = data.prompt ?? '';
  return [
    ...(prompt === '' ? [`${indent}Prompt: (empty)`] : textField('Prompt', prompt, indent)),
    ...textField('Trigger text', data.trigger_text ?? '', indent),
  ];
}

function renderWorkflowBody(data: WorkflowNodeData, ctx: RenderContext): string[] {
  const { indent } = ctx;
  const id = typeof data.metadata?.workflow_id === 'string' ? data.metadata.workflow_id : '';
  const steps = Array.isArray(data.steps) ? data.steps : [];
  const lines = [
    ...textField('Description', data.description ?? '', indent),
    ...textField('Trigger text', data.trigger_text ?? '', indent),
    ...(id ? [`${indent}Workflow id: ${inline(id)}`] : []),
  ];
  if (steps.length === 0) return [...lines, `${indent}Steps: none`];
  lines.push(`${indent}Steps:`);
  steps.forEach((step, i) => {
    const skill = step.skill ? ` (skill ${word(step.skill)})` : '';
    lines.push(`${indent}${i + 1}. ${inline(step.name || `Step ${i + 1}`)}${skill}`);
    lines.push(...renderSettings(step.config ?? {}, `${indent}   `));
  });
  return lines;
}

function thenText(data: FunctionNodeData, position: StepPosition, ctx: RenderContext): string {
  const type: string = data.post_action_type ?? 'none';
  switch (type) {
    case 'function': {
      const target = data.post_action_function_id;
      if (!target) return 'execute function (none chosen)';
      const targetType = ctx.nodeType(target);
      return `${targetType === 'prompt' || targetType === 'workflow' ? 'continue with' : 'execute'} ${ctx.describeNode(target)}`;
    }
    case 'trigger_response':
      return 'respond to the user with the result';
    case 'run_tracking':
      return 'run tracking';
    case 'none':
      if (!position.isLast) return `continue with step ${position.number + 1}`;
      return position.nextChain === null ? 'do nothing more' : `go on to chain ${position.nextChain}`;
    default:
      return inline(type);
  }
}
