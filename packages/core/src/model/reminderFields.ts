import type { FieldSpec, VisibleWhen } from './fields.js';
import {
  capitalizedOptions,
  RECURRING_INTERVAL_UNITS,
  REMINDER_CONTENT_TYPE_OPTIONS,
  REMINDER_FREQUENCY_OPTIONS,
  REMINDER_TYPE_OPTIONS,
  REMINDER_UNIT_OPTIONS,
} from './options.js';

const single: VisibleWhen = { key: 'reminder_frequency', equals: 'single', ifAbsent: 'single' };
const recurring: VisibleWhen = { key: 'reminder_frequency', equals: 'recurring', ifAbsent: 'single' };
const singleOfType = (type: string): VisibleWhen => ({
  all: [single, { key: 'reminder_type', equals: type }],
});
const content = (type: string): VisibleWhen => ({ key: 'content_type', equals: type });

/** setup_reminder: content by content type, timing by frequency and reminder type (spec section 4). */
export const SETUP_REMINDER_FIELDS: readonly FieldSpec[] = [
  { key: 'content_type', label: 'Content Type', kind: 'select', options: REMINDER_CONTENT_TYPE_OPTIONS },
  { key: 'content_message', label: 'Message', kind: 'textarea', visibleWhen: content('message') },
  { key: 'content_prompt', label: 'Prompt', kind: 'textarea', visibleWhen: content('prompt') },
  { key: 'content_function', label: 'Function', kind: 'functionRef', visibleWhen: content('function') },
  { key: 'reminder_frequency', label: 'Frequency', kind: 'select', options: REMINDER_FREQUENCY_OPTIONS },
  {
    key: 'reminder_type',
    label: 'Reminder Type',
    kind: 'select',
    options: REMINDER_TYPE_OPTIONS,
    visibleWhen: single,
  },
  { key: 'reminder_activity_unit', label: 'Inactive For', kind: 'number', visibleWhen: singleOfType('activity') },
  {
    key: 'reminder_activity_type',
    label: 'Inactivity Unit',
    kind: 'select',
    options: REMINDER_UNIT_OPTIONS,
    visibleWhen: singleOfType('activity'),
  },
  { key: 'reminder_trigger_unit', label: 'Remind After', kind: 'number', visibleWhen: singleOfType('trigger') },
  {
    key: 'reminder_trigger_type',
    label: 'Remind After Unit',
    kind: 'select',
    options: REMINDER_UNIT_OPTIONS,
    visibleWhen: singleOfType('trigger'),
  },
  { key: 'reminder_schedule_date', label: 'Date', kind: 'date', visibleWhen: singleOfType('schedule') },
  {
    key: 'reminder_schedule_text',
    label: 'Schedule Description',
    kind: 'text',
    visibleWhen: singleOfType('schedule'),
  },
  { key: 'reminder_recurring_interval', label: 'Every', kind: 'number', visibleWhen: recurring },
  {
    key: 'reminder_recurring_interval_type',
    label: 'Interval Unit',
    kind: 'select',
    options: capitalizedOptions(RECURRING_INTERVAL_UNITS),
    visibleWhen: recurring,
  },
  { key: 'reminder_recurring_start_date', label: 'Start Date', kind: 'date', visibleWhen: recurring },
  { key: 'reminder_recurring_end_date', label: 'End Date', kind: 'date', visibleWhen: recurring },
  { key: 'cancel_on_reply', label: 'Cancel When the User Replies', kind: 'toggle' },
  { key: 'cancel_date', label: 'Cancel After Date', kind: 'date' },
];
