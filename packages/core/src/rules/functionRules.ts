import { metadataSchemaFindings } from '../format/schema.js';
import { metadataFindings } from '../functions/fieldRules.js';
import { SECRET_FIELDS, functionDefinition } from '../functions/registry.js';
import { plainSecretFindings } from '../functions/secretRules.js';
import { flowMessages } from '../messages.js';
import { ruleFinding } from '../model/ruleCodes.js';
import type { Finding } from '../model/types.js';
import type { FunctionNodeData } from '../format/types.js';

/**
 * Findings of one function's data against the definition of its type: its metadata schema (keys
 * and types), slider ranges, select options (unknown models only warn), secrets in plain text; an unknown type is a warning and its
 * metadata is still searched for secrets. `path` is the JSON path of the data, e.g. `$.nodes[2].data`.
 */
export function functionDataFindings(data: FunctionNodeData, path: string): Finding[] {
  const definition = functionDefinition(data.type);
  if (definition === undefined) {
    const unknown = ruleFinding('unknown-function-type', `${path}.type`, flowMessages.unknownFunctionType(data.type));
    return [unknown, ...plainSecretFindings(data.metadata, `${path}.metadata`, SECRET_FIELDS)];
  }
  return [...metadataSchemaFindings(data, path), ...metadataFindings(definition, data.metadata, `${path}.metadata`)];
}
