import {
  FlowError,
  compileFlow,
  messages,
  nodeSchema,
  systemPromptText,
  validateFlowText,
  walkOrder,
  type SystemPromptResponse,
} from '@flow/core';
import { argument, flagOption, stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT } from '../errors.js';
import { inFile, requireFlowFile } from '../files/readFlowFile.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import type { CompileReport } from '../reports.js';

/** `flowctl compile <file>`: the system prompt, with the core compiler or the provider's; an invalid flow only with `--force`. */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const file = argument(invocation, 0, 'file');
  const remote = flagOption(invocation, 'remote');
  const output = stringOption(invocation, 'output');
  const force = flagOption(invocation, 'force');
  const { text, doc } = await requireFlowFile(file, ctx.io.cwd);
  // Both ways fail alike on an empty flow: 'Error: No chains in flow'.
  if (doc.nodes.length === 0) throw new FlowError('NO_CHAINS', messages.noChainsInFlow);
  const findings = inFile(file, validateFlowText(text));
  const errors = findings.filter((f) => f.severity === 'error').length;
  if (errors > 0 && !force) {
    throw new CliError(
      'INVALID_FLOW',
      `${file} is not a valid flow (${errors} ${errors === 1 ? 'error' : 'errors'}): fix it, or compile anyway with --force`,
      EXIT.findings,
      findings,
    );
  }
  let prompt: SystemPromptResponse;
  if (remote) {
    const client = await ctx.client();
    // `edges` goes beyond the spec's request: a provider that reads it compiles exactly this flow.
    const request = { flowSchema: nodeSchema(doc), nodes: doc.nodes, nodesInSequence: walkOrder(doc), edges: doc.edges };
    const compiled = await ctx.task('Compiling on the provider…', () => client.generateSystemPrompt(doc.planId, doc.versionName, request));
    // The provider compiles the message; the prefix and suffix are the flow's own.
    prompt = {
      system_message: compiled.system_message,
      system_message_prefix: compiled.system_message_prefix || doc.agentContext,
      system_message_suffix: compiled.system_message_suffix || doc.agentNotes,
    };
  } else {
    prompt = compileFlow(doc);
  }
  if (output !== undefined)
    await writeFileAtomic(output, ctx.json ? `${JSON.stringify(prompt, null, 2)}\n` : systemPromptText(prompt), ctx.io.cwd);
  const data: CompileReport = { file, remote, ...prompt, ...(output === undefined ? {} : { output }) };
  return { kind: 'compile', data, exitCode: EXIT.ok };
}
