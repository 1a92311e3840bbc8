import { normalizeModelId } from '../../model/models.js';
import { flagAt, numberAt, objectAt, textAt } from './jsonFields.js';
import { textField, word } from './quote.js';
import type { MetadataRenderer } from './renderContext.js';

// uiSettings flags, in the editor's order, with the words a model reads.
const INTERACTIVE_ELEMENTS: ReadonlyArray<readonly [string, string]> = [
  ['allowTextInputs', 'text inputs'],
  ['allowChecklists', 'checklists'],
  ['allowBullets', 'bullets'],
  ['allowMultipleChoice', 'multiple choice'],
  ['allowPayment', 'payment'],
  ['allowRatingSlider', 'rating slider'],
  ['allowStars', 'stars'],
  ['allowCheckbox', 'checkboxes'],
  ['allowTags', 'tags'],
  ['allowUpvoteButton', 'upvote button'],
];

/** generate_gui: a generated interface (temperature falls back to the type's default) (cards, reviews, products) and what it may contain. */
export const renderGenerateGui =
  (fallbackTemperature: number): MetadataRenderer =>
  (m, { indent }) => {
    const d = objectAt(m, 'data');
    const image = objectAt(d, 'imageSettings');
    const ui = objectAt(d, 'uiSettings');
    const allowed = INTERACTIVE_ELEMENTS.filter(([key]) => flagAt(ui, key)).map(([, words]) => words);
    const field = (label: string, key: string): string[] => (textAt(d, key) ? [`${indent}${label}: ${word(textAt(d, key))}`] : []);
    const model = normalizeModelId(textAt(d, 'model'));
    return [
      ...field('Mode', 'mode'),
      ...field('Schema type', 'schemaType'),
      ...(textAt(d, 'numItems') ? [`${indent}Items: ${numberAt(d, 'numItems', 0)}`] : []),
      ...field('Default view mode', 'defaultViewMode'),
      ...(model ? [`${indent}Model: ${word(model)}`] : []),
      ...(textAt(d, 'temperature') ? [`${indent}Temperature: ${numberAt(d, 'temperature', fallbackTemperature)}`] : []),
      ...textField('Prompt', textAt(d, 'prompt'), indent),
      flagAt(image, 'enabled')
        ? `${indent}Images: on${imageDetail(textAt(image, 'displayMode'), textAt(image, 'service'))}`
        : `${indent}Images: off`,
      allowed.length === 0
        ? `${indent}Interactive elements: none`
        : `${indent}Interactive elements: ${allowed.join(', ')}` +
          ` (on up to ${numberAt(ui, 'interactiveElementsPercentage', 0)}% of items,` +
          ` at most ${numberAt(ui, 'interactiveElementsMaxPerItem', 0)} per item)`,
      ...field('View link', 'view_link'),
      ...field('View mode', 'view_mode'),
    ];
  };

function imageDetail(displayMode: string, service: string): string {
  const parts = [displayMode && `shown as ${word(displayMode)}`, service && `from ${word(service)}`];
  const detail = parts.filter(Boolean).join(', ');
  return detail ? ` (${detail})` : '';
}
