import { flagAt, numberAt, objectsAt, textAt } from './jsonFields.js';
import { inline, textField, word } from './quote.js';
import type { MetadataRenderer } from './renderContext.js';

/** capture_variables: the variables to capture from the conversation, with what each means. */
export const renderCaptureVariables: MetadataRenderer = (m, { indent }) => {
  const variables = objectsAt(m, 'variables');
  if (variables.length === 0) return [`${indent}Capture these variables: (none given)`];
  return [
    `${indent}Capture these variables:`,
    ...variables.map((v) => {
      const description = textAt(v, 'description');
      return `${indent}- ${inline(textAt(v, 'name'))}${description ? `: ${inline(description)}` : ''}`;
    }),
  ];
};

/** setup_reminder: what to send, when, how often, and what cancels it. */
export const renderSetupReminder: MetadataRenderer = (m, { indent, describeNode }) => {
  const content = textAt(m, 'content_type') || 'message';
  const fn = textAt(m, 'content_function');
  const amount = (unit: string, type: string) => `${numberAt(m, unit, 1)} ${word(textAt(m, type))}`;
  const lines: string[] = [`${indent}Reminder: ${word(content)}, ${word(textAt(m, 'reminder_frequency') || 'single')}`];
  if (content === 'function') {
    lines.push(`${indent}Send the result of: ${fn ? describeNode(fn) : '(none chosen)'}`);
  } else {
    const text = content === 'prompt' ? textAt(m, 'content_prompt') : textAt(m, 'content_message');
    lines.push(...textField(content === 'prompt' ? 'Prompt' : 'Message', text, indent));
  }
  const type = textAt(m, 'reminder_type');
  if (type === 'activity') {
    lines.push(`${indent}When: after ${amount('reminder_activity_unit', 'reminder_activity_type')} without activity`);
  } else if (type === 'trigger') {
    lines.push(`${indent}When: ${amount('reminder_trigger_unit', 'reminder_trigger_type')} after this step`);
  } else if (type === 'schedule') {
    lines.push(`${indent}When: on ${inline(textAt(m, 'reminder_schedule_date'))}`);
  } else if (type) {
    lines.push(`${indent}When: ${word(type)}`);
  }
  lines.push(...textField('Schedule', textAt(m, 'reminder_schedule_text'), indent));
  if (textAt(m, 'reminder_frequency') === 'recurring') {
    const every = amount('reminder_recurring_interval', 'reminder_recurring_interval_type');
    const from = textAt(m, 'reminder_recurring_start_date');
    const until = textAt(m, 'reminder_recurring_end_date');
    lines.push(`${indent}Repeat: every ${every}${from ? ` from ${inline(from)}` : ''}${until ? ` until ${inline(until)}` : ''}`);
  }
  if (flagAt(m, 'cancel_on_reply')) lines.push(`${indent}Cancel: when the user replies`);
  if (textAt(m, 'cancel_date')) lines.push(`${indent}Cancel: on ${inline(textAt(m, 'cancel_date'))}`);
  return lines;
};
