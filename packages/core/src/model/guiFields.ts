import type { FieldSpec, VisibleWhen } from './fields.js';
import { MODEL_OPTIONS } from './models.js';
import {
  capitalizedOptions,
  GUI_MODE_OPTIONS,
  IMAGE_DISPLAY_MODES,
  IMAGE_SERVICES,
  SCHEMA_TYPES,
  SLIDER_RANGES,
  VIEW_MODES,
} from './options.js';

const imagesEnabled: VisibleWhen = { key: 'data.imageSettings.enabled', equals: true };

const toggle = (name: string, label: string): FieldSpec => ({
  key: `data.uiSettings.${name}`,
  label,
  kind: 'toggle',
});

/** generate_gui: everything lives under `data` (spec section 3). */
export const GENERATE_GUI_FIELDS: readonly FieldSpec[] = [
  { key: 'data.mode', label: 'Mode', kind: 'select', options: GUI_MODE_OPTIONS },
  { key: 'data.prompt', label: 'Prompt', kind: 'textarea' },
  { key: 'data.schemaType', label: 'Schema Type', kind: 'select', options: capitalizedOptions(SCHEMA_TYPES) },
  { key: 'data.numItems', label: 'Number of Items', kind: 'slider', range: SLIDER_RANGES.numItems },
  {
    key: 'data.defaultViewMode',
    label: 'Default View Mode',
    kind: 'select',
    options: capitalizedOptions(VIEW_MODES),
  },
  { key: 'data.model', label: 'Model', kind: 'model', options: MODEL_OPTIONS },
  { key: 'data.temperature', label: 'Temperature', kind: 'slider', range: SLIDER_RANGES.temperature },
  { key: 'data.imageSettings.enabled', label: 'Images', kind: 'toggle' },
  {
    key: 'data.imageSettings.displayMode',
    label: 'Image Display',
    kind: 'select',
    options: capitalizedOptions(IMAGE_DISPLAY_MODES),
    visibleWhen: imagesEnabled,
  },
  {
    key: 'data.imageSettings.service',
    label: 'Image Service',
    kind: 'select',
    options: capitalizedOptions(IMAGE_SERVICES),
    visibleWhen: imagesEnabled,
  },
  toggle('allowTextInputs', 'Allow Text Inputs'),
  toggle('allowChecklists', 'Allow Checklists'),
  toggle('allowBullets', 'Allow Bullets'),
  toggle('allowMultipleChoice', 'Allow Multiple Choice'),
  toggle('allowPayment', 'Allow Payment'),
  toggle('allowRatingSlider', 'Allow Rating Slider'),
  toggle('allowStars', 'Allow Stars'),
  toggle('allowCheckbox', 'Allow Checkbox'),
  toggle('allowTags', 'Allow Tags'),
  toggle('allowUpvoteButton', 'Allow Upvote Button'),
  {
    key: 'data.uiSettings.interactiveElementsPercentage',
    label: 'Interactive Elements Percentage',
    kind: 'slider',
    range: SLIDER_RANGES.interactiveElementsPercentage,
  },
  {
    key: 'data.uiSettings.interactiveElementsMaxPerItem',
    label: 'Max Interactive Elements per Item',
    kind: 'slider',
    range: SLIDER_RANGES.interactiveElementsMaxPerItem,
  },
  { key: 'data.view_link', label: 'View Link', kind: 'text' },
  { key: 'data.view_mode', label: 'View Mode', kind: 'select', options: capitalizedOptions(VIEW_MODES) },
];
