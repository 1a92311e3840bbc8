import type { FunctionDefinition } from './FunctionDefinition.js';
import { FUNCTION_DEFINITIONS, type FunctionType } from './registry.js';
import { seeWebsite } from './seeWebsite.js';
import { flowMessages, messages } from '../messages.js';
import type { JsonObject } from '../model/types.js';

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

/** The card of a function type, as its definition describes it. */
function card(definition: FunctionDefinition<FunctionType>): QuickFunction {
  const quick = definition.quick ?? {};
  const disabled = quick.disabled ?? false;
  return {
    type: definition.type,
    name: definition.name,
    description: definition.description,
    trigger_text: definition.emoji,
    metadata: quick.metadata ?? {},
    disabled,
    tooltip: quick.tooltip ?? (disabled ? messages.comingSoon : flowMessages.addFunction(definition.name)),
  };
}

/** The six quick functions, in the order of the Quick Functions bar (the types with a `quick` card). */
export const QUICK_FUNCTIONS: readonly QuickFunction[] = FUNCTION_DEFINITIONS.filter((d) => d.quick !== undefined).map(card);

/** A card of every function type, the quick functions first: what the palette lists (decisions.md). */
export const FUNCTION_CARDS: readonly QuickFunction[] = [
  ...QUICK_FUNCTIONS,
  ...FUNCTION_DEFINITIONS.filter((d) => d.quick === undefined).map(card),
];

/** The 'See a Website' entry: listed, but disabled for adding (decisions.md). */
export const SEE_A_WEBSITE: QuickFunction = card(seeWebsite);

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
