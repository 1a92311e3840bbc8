import type { WorkflowStepInstruction } from '../model/types.js';
import type { NodeSchema } from '../format/types.js';
import { FLOW_TITLE, INSTRUCTION_LABEL, parseChainHeading } from './layout.js';
import { unquoteLine } from '../functions/render/quote.js';

/**
 * The steps of a system prompt: for a compiled flow, each chain section's instruction (chains the
 * schema has but the prompt lacks get ''); for any other non-blank text, one step holding all of
 * it as chain '1'; for blank text, none.
 */
export function deconstructFlow(schema: NodeSchema, systemPrompt: string): WorkflowStepInstruction[] {
  const sections = compiledSections(systemPrompt);
  if (sections === null) {
    return systemPrompt.trim() === '' ? [] : [{ Query_Instruction: systemPrompt, Chain: '1' }];
  }
  const chainCount = Object.keys(schema).filter((c) => Object.keys(schema[c] ?? {}).length > 0).length;
  for (let i = 1; i <= chainCount; i++) if (!sections.has(i)) sections.set(i, '');
  return [...sections.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, instruction]) => ({ Query_Instruction: instruction, Chain: String(index) }));
}

// Instruction by 1-based chain index, or null when the text is not a compiled flow.
function compiledSections(text: string): Map<number, string> | null {
  // A compiled prompt always has bare \n line ends; one whose every line end is \r\n went through a CRLF conversion.
  const lines = (/(^|[^\r])\n/.test(text) ? text : text.replace(/\r\n/g, '\n')).split('\n');
  if (lines[0] !== FLOW_TITLE) return null;
  const sections = new Map<number, string>();
  let current: number | null = null;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heading = parseChainHeading(line);
    if (heading !== null) {
      current = sections.has(heading) ? null : heading;
      if (current !== null) sections.set(current, '');
    } else if (current !== null && line === INSTRUCTION_LABEL && sections.get(current) === '') {
      const quoted: string[] = [];
      for (let t = unquoteLine(lines[i + 1] ?? ''); t !== null; t = unquoteLine(lines[i + 1] ?? '')) {
        quoted.push(t);
        i++;
      }
      sections.set(current, quoted.join('\n'));
    }
  }
  return sections.size === 0 ? null : sections;
}
