import { renderGenerateGui } from './render/renderGenerateGui.js';
import { LIGHTNING } from '../model/emoji.js';
import type { FieldSpec, VisibleWhen } from '../model/fields.js';
import { MODEL_OPTIONS } from '../model/models.js';
import {
  capitalizedOptions,
  GUI_MODE_OPTIONS,
  IMAGE_DISPLAY_MODES,
  IMAGE_SERVICES,
  SCHEMA_TYPES,
  SLIDER_RANGES,
  VIEW_MODES,
  type GuiMode,
  type ImageDisplayMode,
  type ImageService,
  type SchemaType,
  type ViewMode,
} from '../model/options.js';
import { defineFunction } from './FunctionDefinition.js';

export type GuiImageSettings = { enabled: boolean; displayMode: ImageDisplayMode; service: ImageService };

export type GuiUiSettings = {
  allowTextInputs: boolean;
  allowChecklists: boolean;
  allowBullets: boolean;
  allowMultipleChoice: boolean;
  allowPayment: boolean;
  allowRatingSlider: boolean;
  interactiveElementsPercentage: number;
  interactiveElementsMaxPerItem: number;
  allowStars: boolean;
  allowCheckbox: boolean;
  allowTags: boolean;
  allowUpvoteButton: boolean;
};

export type GenerateGuiMetadata = {
  data: {
    mode: GuiMode;
    prompt: string;
    schemaType: SchemaType;
    numItems: number;
    defaultViewMode: ViewMode;
    model: string;
    temperature: number;
    imageSettings: GuiImageSettings;
    uiSettings: GuiUiSettings;
    view_link: string;
    view_mode: ViewMode;
  };
};

const defaults: GenerateGuiMetadata = {
  data: {
    mode: 'ui',
    prompt: '',
    schemaType: 'cards',
    numItems: 5,
    defaultViewMode: 'grid',
    model: 'gpt-4o',
    temperature: 0.7,
    imageSettings: { enabled: false, displayMode: 'thumbnail', service: 'google' },
    uiSettings: {
      allowTextInputs: false,
      allowChecklists: false,
      allowBullets: false,
      allowMultipleChoice: false,
      allowPayment: false,
      allowRatingSlider: false,
      interactiveElementsPercentage: 0,
      interactiveElementsMaxPerItem: 0,
      allowStars: false,
      allowCheckbox: false,
      allowTags: false,
      allowUpvoteButton: false,
    },
    view_link: '',
    view_mode: 'grid',
  },
};

const imagesEnabled: VisibleWhen = { key: 'data.imageSettings.enabled', equals: true, ifAbsent: false };

const allow = (name: keyof GuiUiSettings, label: string): FieldSpec<`data.uiSettings.${keyof GuiUiSettings}`> => ({
  key: `data.uiSettings.${name}`,
  label,
  kind: 'toggle',
});

/** generate_gui: a generated interactive view of items; everything lives under `data` (spec section 3). */
export const generateGui = defineFunction<'generate_gui', GenerateGuiMetadata>({
  type: 'generate_gui',
  name: 'Generate GUI',
  description: 'Generate an interactive view of items for the user',
  emoji: LIGHTNING,
  promptKind: 'Generate GUI',
  defaults,
  fields: [
    { key: 'data.mode', label: 'Mode', kind: 'select', options: GUI_MODE_OPTIONS },
    { key: 'data.prompt', label: 'Prompt', kind: 'textarea' },
    { key: 'data.schemaType', label: 'Schema Type', kind: 'select', options: capitalizedOptions(SCHEMA_TYPES) },
    { key: 'data.numItems', label: 'Number of Items', kind: 'slider', range: SLIDER_RANGES.numItems },
    { key: 'data.defaultViewMode', label: 'Default View Mode', kind: 'select', options: capitalizedOptions(VIEW_MODES) },
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
    allow('allowTextInputs', 'Allow Text Inputs'),
    allow('allowChecklists', 'Allow Checklists'),
    allow('allowBullets', 'Allow Bullets'),
    allow('allowMultipleChoice', 'Allow Multiple Choice'),
    allow('allowPayment', 'Allow Payment'),
    allow('allowRatingSlider', 'Allow Rating Slider'),
    allow('allowStars', 'Allow Stars'),
    allow('allowCheckbox', 'Allow Checkbox'),
    allow('allowTags', 'Allow Tags'),
    allow('allowUpvoteButton', 'Allow Upvote Button'),
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
  ],
  render: renderGenerateGui(defaults.data.temperature),
});
