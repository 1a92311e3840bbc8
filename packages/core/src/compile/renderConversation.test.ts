import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../model/types.js';
import { compileFlow } from './compileFlow.js';
import { buildFlow, functionNode } from './flowFixtures.js';

const stepLines = (type: string, metadata: JsonObject): string[] =>
  compileFlow(
    buildFlow([[functionNode('fn-1', type, metadata, { name: 'Step' }), functionNode('fn-2', 'instruct', {}, { name: 'Digest' })]]),
  ).system_message.split('\n');

describe('capture_variables rendering', () => {
  it('lists each variable with its description', () => {
    const variables = [
      { name: 'email', description: "The customer's email address" },
      { name: 'order_id', description: '' },
    ];
    expect(stepLines('capture_variables', { variables })).toEqual(
      expect.arrayContaining([
        '1. Capture variables "Step"',
        '   Capture these variables:',
        '   - "email": "The customer\'s email address"',
        '   - "order_id"',
      ]),
    );
  });
});

describe('setup_reminder rendering', () => {
  it('shows what is sent and after how much inactivity', () => {
    const lines = stepLines('setup_reminder', {
      content_type: 'message',
      content_message: 'Still there?',
      reminder_type: 'activity',
      reminder_activity_unit: 2,
      reminder_activity_type: 'days',
      cancel_on_reply: true,
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        '1. Set up reminder "Step"',
        '   Reminder: message, single',
        '   Message: "Still there?"',
        '   When: after 2 days without activity',
        '   Cancel: when the user replies',
      ]),
    );
  });

  it('shows a recurring reminder that sends the result of another function', () => {
    const lines = stepLines('setup_reminder', {
      content_type: 'function',
      content_function: 'fn-2',
      reminder_frequency: 'recurring',
      reminder_type: 'schedule',
      reminder_schedule_date: '2025-03-01T09:00',
      reminder_recurring_interval: 1,
      reminder_recurring_interval_type: 'weeks',
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        '   Reminder: function, recurring',
        '   Send the result of: Instruct "Digest" (step 2)',
        '   When: on "2025-03-01T09:00"',
        '   Repeat: every 1 weeks',
      ]),
    );
  });
});

describe('generate_gui rendering', () => {
  it('shows the kind of interface, its prompt, images and allowed interactive elements', () => {
    const lines = stepLines('generate_gui', {
      data: {
        mode: 'ui',
        schemaType: 'products',
        numItems: 6,
        defaultViewMode: 'stack',
        prompt: 'Starter plans for a new team.',
        imageSettings: { enabled: true, displayMode: 'background', service: 'stock' },
        uiSettings: { allowChecklists: true, allowStars: true, interactiveElementsPercentage: 50, interactiveElementsMaxPerItem: 2 },
      },
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        '1. Generate GUI "Step"',
        '   Mode: ui',
        '   Schema type: products',
        '   Items: 6',
        '   Default view mode: stack',
        '   Prompt: "Starter plans for a new team."',
        '   Images: on (shown as background, from stock)',
        '   Interactive elements: checklists, stars (on up to 50% of items, at most 2 per item)',
      ]),
    );
  });
});
