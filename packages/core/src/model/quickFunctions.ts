import { flowMessages, messages } from '../messages.js';
import { CLIPBOARD, FUNCTION_TYPE_NAMES, GLOBE, LIGHTNING } from './nodeData.js';
import type { FunctionType, JsonObject } from './types.js';

/** A card of the Quick Functions bar and the function palette (spec sections 2 and 3). */
export interface QuickFunction {
  type: FunctionType;
  name: string;
  description: string;
  trigger_text: string;
  metadata: JsonObject;
  disabled: boolean;
  tooltip: string;
}

function quick(type: FunctionType, description: string, extra: Partial<QuickFunction> = {}): QuickFunction {
  const name = FUNCTION_TYPE_NAMES[type];
  const disabled = extra.disabled ?? false;
  return {
    type,
    name,
    description,
    trigger_text: LIGHTNING,
    metadata: {},
    disabled,
    tooltip: disabled ? messages.comingSoon : flowMessages.addFunction(name),
    ...extra,
  };
}

/** The 'See a Website' entry: listed, but disabled for adding (decisions.md). */
export const SEE_A_WEBSITE: QuickFunction = quick('see_website', flowMessages.seeWebsiteDescription, {
  trigger_text: GLOBE,
  metadata: { url: '' },
  disabled: true,
});

/** The six quick functions, in the order of the Quick Functions bar. */
export const QUICK_FUNCTIONS: readonly QuickFunction[] = [
  quick('instruct', 'Give the agent an instruction to follow', { metadata: { prompt: '' } }),
  quick('custom_gpt', 'Call a model with your own prompt, model and output'),
  quick('http_calls', 'Call an external API and use its answer'),
  quick('capture_variables', 'Capture values from the conversation into variables', {
    metadata: { variables: [] },
  }),
  SEE_A_WEBSITE,
  quick('send_workflow', 'Send a saved workflow to the user', {
    trigger_text: CLIPBOARD,
    tooltip: flowMessages.openWorkflowSelector,
  }),
];

/** What the palette needs of a function: provider records and quick functions both fit. */
export interface PaletteFunction {
  name?: string | null;
  description?: string | null;
  type?: string | null;
}

/** `functions` with the See a Website entry appended when none of them is of type see_website. */
export function withSeeAWebsite<T extends PaletteFunction>(functions: readonly T[]): (T | QuickFunction)[] {
  const present = functions.some((fn) => fn.type === SEE_A_WEBSITE.type);
  return present ? [...functions] : [...functions, SEE_A_WEBSITE];
}

/**
 * Functions matching `query`: case-insensitive substring of name, description or type. Entries
 * with an empty name or no type are never listed (spec section 2).
 * @example filterFunctions(QUICK_FUNCTIONS, 'http').map((f) => f.name) // ['HTTP Calls']
 */
export function filterFunctions<T extends PaletteFunction>(list: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  return list.filter((fn) => {
    if (!fn.name || fn.type === undefined || fn.type === null) return false;
    if (needle === '') return true;
    return [fn.name, fn.description ?? '', fn.type].some((text) => text.toLowerCase().includes(needle));
  });
}
