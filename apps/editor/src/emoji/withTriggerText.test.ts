import { createPromptData, type FlowNode } from '@flow/core';
import { describe, expect, it } from 'vitest';
import { withTriggerText } from './withTriggerText';

const prompt = (): FlowNode => ({ id: 'p', type: 'prompt', chain: '1', position: { x: 0, y: 0 }, data: createPromptData('hi') });

describe('withTriggerText', () => {
  it('sets the trigger_text and keeps the rest of the node', () => {
    const node = prompt();
    const next = withTriggerText(node, '😄');
    expect(next.data.trigger_text).toBe('😄');
    expect(next).toEqual({ ...node, data: { ...node.data, trigger_text: '😄' } });
    expect(node.data.trigger_text).not.toBe('😄');
  });

  it('returns the same node when the emoji does not change', () => {
    const node = prompt();
    expect(withTriggerText(node, node.data.trigger_text ?? '')).toBe(node);
  });
});
