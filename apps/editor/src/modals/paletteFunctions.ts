import {
  FUNCTION_TYPES,
  FUNCTION_TYPE_NAMES,
  QUICK_FUNCTIONS,
  defaultTriggerText,
  flowMessages,
  withSeeAWebsite,
  type FunctionType,
  type QuickFunction,
} from '@flow/core';

/** Card texts of the function types that are not quick functions. */
const MORE_DESCRIPTIONS: { readonly [T in FunctionType]?: string } = {
  handle_image: 'Describe an image the user sends and use the answer',
  setup_reminder: 'Remind the user once or on a schedule',
  generate_gui: 'Generate an interactive view of items for the user',
  change_instructions: 'Switch the agent to other system instructions',
  generate_knowledge_base: 'Build a knowledge base from reading lists',
};

function moreFunction(type: FunctionType): QuickFunction {
  const name = FUNCTION_TYPE_NAMES[type];
  return {
    type,
    name,
    description: MORE_DESCRIPTIONS[type] ?? '',
    trigger_text: defaultTriggerText(type),
    metadata: {},
    disabled: false,
    tooltip: flowMessages.addFunction(name),
  };
}

const quickTypes = new Set<string>(QUICK_FUNCTIONS.map((fn) => fn.type));

/** Every function of the palette: the quick functions (with See a Website), then the other types. */
export const PALETTE_FUNCTIONS: readonly QuickFunction[] = [
  ...withSeeAWebsite(QUICK_FUNCTIONS),
  ...FUNCTION_TYPES.filter((type) => !quickTypes.has(type)).map(moreFunction),
];

/** The palette entry of a function type, if it has one. */
export function findPaletteFunction(type: string): QuickFunction | undefined {
  return PALETTE_FUNCTIONS.find((fn) => fn.type === type);
}
