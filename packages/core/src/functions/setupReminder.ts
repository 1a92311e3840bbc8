import { renderSetupReminder } from './render/renderConversation.js';
import { LIGHTNING } from '../model/emoji.js';
import type { VisibleWhen } from '../model/fields.js';
import {
  capitalizedOptions,
  RECURRING_INTERVAL_UNITS,
  REMINDER_CONTENT_TYPE_OPTIONS,
  REMINDER_FREQUENCY_OPTIONS,
  REMINDER_TYPE_OPTIONS,
  REMINDER_UNIT_OPTIONS,
  type RecurringIntervalUnit,
  type ReminderContentType,
  type ReminderFrequency,
  type ReminderType,
  type ReminderUnit,
} from '../model/options.js';
import { defineFunction } from './FunctionDefinition.js';

export type SetupReminderMetadata = {
  content_type: ReminderContentType;
  content_message: string;
  content_prompt: string;
  /** uuid of the function whose result is sent. */
  content_function: string;
  reminder_frequency: ReminderFrequency;
  reminder_type: ReminderType;
  /** Amount of `reminder_activity_type` units of inactivity. */
  reminder_activity_unit: number;
  reminder_activity_type: ReminderUnit;
  /** Amount of `reminder_trigger_type` units after the function ran. */
  reminder_trigger_unit: number;
  reminder_trigger_type: ReminderUnit;
  reminder_schedule_date: string;
  reminder_schedule_text: string;
  reminder_recurring_interval: number;
  reminder_recurring_interval_type: RecurringIntervalUnit;
  reminder_recurring_start_date: string;
  reminder_recurring_end_date: string;
  cancel_on_reply: boolean;
  cancel_date: string;
};

const defaults: SetupReminderMetadata = {
  content_type: 'message',
  content_message: '',
  content_prompt: '',
  content_function: '',
  reminder_frequency: 'single',
  reminder_type: 'activity',
  reminder_activity_unit: 1,
  reminder_activity_type: 'hours',
  reminder_trigger_unit: 1,
  reminder_trigger_type: 'hours',
  reminder_schedule_date: '',
  reminder_schedule_text: '',
  reminder_recurring_interval: 1,
  reminder_recurring_interval_type: 'days',
  reminder_recurring_start_date: '',
  reminder_recurring_end_date: '',
  cancel_on_reply: false,
  cancel_date: '',
};

const single: VisibleWhen = { key: 'reminder_frequency', equals: 'single', ifAbsent: 'single' };
const recurring: VisibleWhen = { key: 'reminder_frequency', equals: 'recurring', ifAbsent: 'single' };
const singleOfType = (type: ReminderType): VisibleWhen => ({ all: [single, { key: 'reminder_type', equals: type, ifAbsent: 'activity' }] });
const content = (type: ReminderContentType): VisibleWhen => ({ key: 'content_type', equals: type, ifAbsent: 'message' });

/** setup_reminder: content by content type, timing by frequency and reminder type (spec section 4). */
export const setupReminder = defineFunction<'setup_reminder', SetupReminderMetadata>({
  type: 'setup_reminder',
  name: 'Setup Reminder',
  description: 'Remind the user once or on a schedule',
  emoji: LIGHTNING,
  promptKind: 'Set up reminder',
  defaults,
  fields: [
    { key: 'content_type', label: 'Content Type', kind: 'select', options: REMINDER_CONTENT_TYPE_OPTIONS },
    { key: 'content_message', label: 'Message', kind: 'textarea', visibleWhen: content('message') },
    { key: 'content_prompt', label: 'Prompt', kind: 'textarea', visibleWhen: content('prompt') },
    {
      key: 'content_function',
      label: 'Function',
      kind: 'functionRef',
      visibleWhen: content('function'),
      help: 'The function whose result the reminder sends.',
    },
    { key: 'reminder_frequency', label: 'Frequency', kind: 'select', options: REMINDER_FREQUENCY_OPTIONS },
    { key: 'reminder_type', label: 'Reminder Type', kind: 'select', options: REMINDER_TYPE_OPTIONS, visibleWhen: single },
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
    { key: 'reminder_schedule_text', label: 'Schedule Description', kind: 'text', visibleWhen: singleOfType('schedule') },
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
  ],
  render: renderSetupReminder,
});
