import { inKeyOrder, mergeDefaults } from '../model/paths.js';
import type { JsonObject } from '../model/types.js';
import { captureVariables } from './captureVariables.js';
import { changeInstructions } from './changeInstructions.js';
import { customGpt } from './customGpt.js';
import type { FunctionDefinition } from './FunctionDefinition.js';
import { generateGui } from './generateGui.js';
import { generateKnowledgeBase } from './generateKnowledgeBase.js';
import { handleImage } from './handleImage.js';
import { httpCalls } from './httpCalls.js';
import { instruct } from './instruct.js';
import { mcpTool } from './mcpTool.js';
import { sendWorkflow } from './sendWorkflow.js';
import { seeWebsite } from './seeWebsite.js';
import { setupReminder } from './setupReminder.js';
import { isSecretField } from './secretSlots.js';
import type { FieldSpec } from '../model/fields.js';

/**
 * The function types of spec section 3, in the order the palette lists them (the quick bar takes
 * the ones with a `quick` card, in this order). The only table of function types.
 */
export const FUNCTION_DEFINITIONS = [
  instruct,
  customGpt,
  handleImage,
  httpCalls,
  captureVariables,
  seeWebsite,
  sendWorkflow,
  setupReminder,
  generateGui,
  changeInstructions,
  generateKnowledgeBase,
  mcpTool,
] as const;

type Definitions = (typeof FUNCTION_DEFINITIONS)[number];

export type FunctionType = Definitions['type'];

/** Metadata shape by function type. */
export type FunctionMetadataMap = { [D in Definitions as D['type']]: D['defaults'] };
export type FunctionMetadata<T extends FunctionType = FunctionType> = FunctionMetadataMap[T];

export const FUNCTION_TYPES: readonly FunctionType[] = FUNCTION_DEFINITIONS.map((definition) => definition.type);

const BY_TYPE: ReadonlyMap<string, FunctionDefinition> = new Map(FUNCTION_DEFINITIONS.map((d) => [d.type, d]));

// New metadata comes with its keys in the format's order, so saving a new node copies nothing.
const SORTED_DEFAULTS: ReadonlyMap<string, JsonObject> = new Map(FUNCTION_DEFINITIONS.map((d) => [d.type, inKeyOrder(d.defaults)]));

/** Whether `type` is one of the function types Flow knows. */
export function isFunctionType(type: string): type is FunctionType {
  return BY_TYPE.has(type);
}

/** The definition of a known type. */
export function functionDefinition(type: FunctionType): FunctionDefinition;
/** The definition of `type`, or undefined for a type Flow does not know (shown as work in progress). */
export function functionDefinition(type: string): FunctionDefinition | undefined;
export function functionDefinition(type: string): FunctionDefinition | undefined {
  return BY_TYPE.get(type);
}

/** A fresh copy of the default metadata of `type`; `{}` for a type Flow does not know. */
export function defaultMetadata(type: string): JsonObject {
  const defaults = SORTED_DEFAULTS.get(type);
  return defaults === undefined ? {} : structuredClone(defaults);
}

/**
 * `metadata` with every missing or null value filled from the defaults of `type`
 * (spec section 5: Custom GPT defaults when empty).
 */
export function withDefaults(type: string, metadata: JsonObject): JsonObject {
  return mergeDefaults(defaultMetadata(type), metadata);
}

/**
 * Where a function's metadata holds secrets: every secret field of every definition (`api_key`,
 * a call's `bearer_token`, credential headers). Searched in every function, whatever its type, so
 * a secret a flow holds where its type has no such field (an unknown type, a stray key) is still
 * never written or shown in plain text.
 */
export const SECRET_FIELDS: readonly FieldSpec[] = [
  ...new Map(
    FUNCTION_DEFINITIONS.flatMap((definition) => definition.fields.filter(isSecretField)).map((field) => [field.key, field]),
  ).values(),
];
