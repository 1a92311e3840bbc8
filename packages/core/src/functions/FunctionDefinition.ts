import type { FunctionTool } from './tools/toolHost.js';
import type { MetadataRenderer } from './render/renderContext.js';
import type { FieldSpec, MetadataPath } from '../model/fields.js';
import type { Finding, JsonObject } from '../model/types.js';

/** How a type appears in the Quick Functions bar (spec section 2); absent: palette only. */
export interface QuickCard {
  /** Metadata the quick card gives a new function (spec section 3: capture_variables has variables). */
  readonly metadata?: JsonObject;
  /** Listed but not addable ('Coming soon'). */
  readonly disabled?: boolean;
  /** Replaces 'Add {name}' as the card's tooltip. */
  readonly tooltip?: string;
}

/**
 * Everything Flow knows of one function type, in one place (in the spirit of tldraw's ShapeUtil):
 * the palette, the quick bar, the Properties panel, compile, validateFlow and flowctl all read it.
 * Adding a type means adding one file that exports a definition, and listing it in the registry.
 */
export interface FunctionDefinition<T extends string = string, M extends JsonObject = JsonObject> {
  readonly type: T;
  /** Display name, and the name of a new function of this type. */
  readonly name: string;
  /** What the palette and quick bar cards say it does. */
  readonly description: string;
  /** Default trigger_text (badge emoji) of a new function. */
  readonly emoji: string;
  /** The words a compiled prompt uses for a step of this type, e.g. 'HTTP call'. */
  readonly promptKind: string;
  /** Metadata of a new function; also the value an empty field falls back to. */
  readonly defaults: M;
  /** The property form, in display order; keys are metadata paths. */
  readonly fields: readonly FieldSpec[];
  readonly quick?: QuickCard;
  /** Findings beyond what the fields check themselves (secrets in plain text). */
  readonly validate?: (metadata: JsonObject, path: string) => Finding[];
  /** The lines a model reads for the metadata (defaults filled in). */
  readonly render: MetadataRenderer;
  /** How it runs when the model calls it (through the runtime's host); none: 'not available in this runtime'. */
  readonly tool?: FunctionTool;
}

/**
 * A definition, every field key checked against its metadata type. Give the type arguments
 * (`defineFunction<'instruct', InstructMetadata>`): inferring them through the paths is too deep.
 */
export function defineFunction<T extends string, M extends JsonObject>(
  definition: FunctionDefinition<T, M> & { readonly fields: readonly FieldSpec<MetadataPath<NoInfer<M>>>[] },
): FunctionDefinition<T, M> {
  return definition;
}
