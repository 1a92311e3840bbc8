import { compileFlow, referencedSecretNames, systemPromptText, type FlowDocument } from '@flow/core';

/** A flow compiled once for the many agents that run it (a served version's turns): its system prompt and the secrets it names. */
export class PreparedFlow {
  readonly compiledPrompt: string;
  readonly secretNames: readonly string[];
  /** `doc` is not to be changed afterwards. */
  constructor(readonly doc: FlowDocument) {
    this.compiledPrompt = systemPromptText(compileFlow(doc)).trimEnd();
    this.secretNames = Object.freeze(referencedSecretNames(doc));
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
