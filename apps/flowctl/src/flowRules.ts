import { functionDataFindings, type FlowDocument, type FlowRule, type Finding } from '@flow/core';

/** The per-function-type rules (ranges, options, unknown types, secrets in plain text). */
export const functionRule: FlowRule = (doc: FlowDocument): Finding[] =>
  doc.nodes.flatMap((node, i) => (node.type === 'function' ? functionDataFindings(node.data, `$.nodes[${i}].data`) : []));

/** Rules run on top of the document invariants. */
export const FLOW_RULES: readonly FlowRule[] = [functionRule];
