import { flowMessages } from '../messages.js';
import type { Finding, JsonObject } from '../model/types.js';
import { ruleFinding } from '../model/ruleCodes.js';
import type { FieldSpec } from '../model/fields.js';
import { secretSlots } from './secretSlots.js';

/**
 * Every secret of a function's metadata written in plain text, where its type's secret fields are
 * (`api_key`, a call's bearer token, a credential header). The slots are the secret policy's, so
 * this rule flags exactly what `flowctl fmt` moves to the environment and `publish` refuses.
 */
export function plainSecretFindings(metadata: JsonObject, path: string, fields: readonly FieldSpec[]): Finding[] {
  // secretSlots may be given the metadata itself: nothing here calls a slot's `set`.
  return secretSlots(metadata, path, fields)
    .filter((slot) => slot.plain !== undefined)
    .map((slot) => ruleFinding('plain-secret', slot.path, flowMessages.plainSecret));
}
