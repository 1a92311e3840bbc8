/**
 * The fixed lines of a compiled system message. The compiler writes them and deconstruct reads
 * them; every other line is either indented or quoted, so these can never be forged by user text.
 */
export const FLOW_TITLE = '# Agent flow';

export const FLOW_INTRO = [
  'Work through the chains below in order. In each chain, follow its instruction, then carry out',
  'its steps in order; "Then" says what follows a step. Text after ">" at the start of a line',
  "quotes the flow's author word for word. Secrets such as API keys are never shown.",
];

export const INSTRUCTION_LABEL = 'Instruction:';
export const STEPS_LABEL = 'Steps:';

/** Heading of the chain at a 1-based index. */
export function chainHeading(index: number): string {
  return `## Chain ${index}`;
}

/** The 1-based index of a chain heading line, or null when the line is not one. */
export function parseChainHeading(line: string): number | null {
  const match = /^## Chain ([1-9][0-9]*)$/.exec(line);
  return match?.[1] === undefined ? null : Number(match[1]);
}
