import fc from 'fast-check';
import { FUNCTION_TYPES } from '../functions/registry.js';
import type { FlowDocument, FlowNode } from '../format/types.js';
import { buildFlow, functionNode, promptNode, workflowNode } from './flowFixtures.js';

// Lines that look like the compiled structure or markdown, to tempt the parser.
const TRICKY_LINES = [
  '## Chain 1',
  '## Chain 2',
  '# Agent flow',
  'Instruction:',
  'Steps:',
  'Steps: none',
  '> ',
  '>',
  '> > nested',
  '',
  '   ',
  '1. Step',
  '   Then: go on to chain 2',
  '```',
  '\r',
  'trailing  ',
  '\u2028',
  '🙂 ünïcødé',
];

/**
 * Any code point, lone surrogates included: what fast-check's `unit: 'binary'` gives, without the
 * second of CPU that unit spends indexing every code point each time it is made.
 */
const anyCodePoint: fc.Arbitrary<string> = fc.integer({ min: 0, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint));

/** Author text: lines of random Unicode mixed with lines that look like structure. */
export const authorText: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.string({ unit: anyCodePoint, maxLength: 16 }), fc.constantFrom(...TRICKY_LINES)), { maxLength: 6 })
  .map((lines) => lines.join('\n'));

type NodeSpec =
  | { kind: 'prompt'; text: string }
  | { kind: 'function'; type: string; name: string; text: string }
  | { kind: 'workflow'; name: string; text: string };

const nodeSpec: fc.Arbitrary<NodeSpec> = fc.oneof(
  fc.record({ kind: fc.constant('prompt' as const), text: authorText }),
  fc.record({
    kind: fc.constant('function' as const),
    type: fc.constantFrom<string>(...FUNCTION_TYPES, 'custom_unknown'),
    name: authorText,
    text: authorText,
  }),
  fc.record({ kind: fc.constant('workflow' as const), name: authorText, text: authorText }),
);

function toNode(spec: NodeSpec, id: string): FlowNode {
  if (spec.kind === 'prompt') return promptNode(id, spec.text);
  if (spec.kind === 'workflow') {
    return workflowNode(id, spec.name, spec.text, [{ skill: spec.text, name: spec.name, config: { note: spec.text } }]);
  }
  const t = spec.text;
  const metadata = {
    prompt: t,
    message: t,
    system_prompts: [t],
    variables: [{ name: t, description: t }],
    apicalls: [{ method: 'POST', url: t, params: [{ name: t, value: t }], headers: [], body: { raw: { data: t } } }],
    data: { prompt: t },
  };
  return functionNode(id, spec.type, metadata, { name: spec.name, description: t, trigger: t });
}

/** A flow of 1 to 5 chains of 1 to 6 random prompt, function and workflow nodes. */
export const arbitraryFlow: fc.Arbitrary<FlowDocument> = fc
  .record({
    chains: fc.array(fc.array(nodeSpec, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
    agentContext: authorText,
    agentNotes: authorText,
  })
  .map(({ chains, agentContext, agentNotes }) =>
    buildFlow(
      chains.map((chain, i) => chain.map((spec, j) => toNode(spec, `node-${i + 1}-${j + 1}`))),
      { agentContext, agentNotes },
    ),
  );
