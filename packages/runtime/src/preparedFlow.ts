import { compileFlow, referencedSecretNames, resolveSecrets, systemPromptText, type FlowDocument, type MissingSecret } from '@flow/core';
import { flowTools, type FlowTool } from './tools.js';

/** A flow's tools, and the secrets they miss, as an agent gets them. */
export interface ResolvedTools {
  missing: readonly MissingSecret[];
  tools: readonly FlowTool[];
}

/** A flow compiled once for the many agents that run it (a served version's turns): its system prompt and the secrets it names. */
export class PreparedFlow {
  readonly compiledPrompt: string;
  readonly secretNames: readonly string[];
  #unresolved: ResolvedTools | undefined;
  /** `doc` is not to be changed afterwards. */
  constructor(readonly doc: FlowDocument) {
    this.compiledPrompt = systemPromptText(compileFlow(doc)).trimEnd();
    this.secretNames = Object.freeze(referencedSecretNames(doc));
  }

  /**
   * The flow's tools with `env`'s values in their secret slots, and what is missing. When `env`
   * gives none of its secrets (or it names none) nothing is put in the flow, so that is worked out
   * once and shared by its agents (every served turn makes one); values are never kept.
   */
  resolvedFor(env: Readonly<Record<string, string | undefined>>): ResolvedTools {
    const given = this.secretNames.some((name) => Object.hasOwn(env, name) && (env[name] ?? '') !== '');
    if (given) {
      const { doc, missing } = resolveSecrets(this.doc, env);
      return { missing, tools: flowTools(doc) };
    }
    this.#unresolved ??= (() => {
      const { doc, missing } = resolveSecrets(this.doc, {});
      return { missing, tools: Object.freeze(flowTools(doc)) };
    })();
    return this.#unresolved;
  }
}

/**
 * What every agent of `doc` starts from, worked out once.
 * @example createAgent({ doc: prepareFlow(doc), model, env })
 */
export const prepareFlow = (doc: FlowDocument): PreparedFlow => new PreparedFlow(doc);

/** The prepared flow of a document, or the one given. */
export const preparedOf = (flow: FlowDocument | PreparedFlow): PreparedFlow =>
  flow instanceof PreparedFlow ? flow : new PreparedFlow(flow);
