import { codeFence } from '@flow/core';
import type { CommandSpec, OptionSpec } from '../commandSpec.js';
import type { CommandGuide, DocSample, SampleRun } from './docTypes.js';

/** Everything docs/cli.md is made of. */
export interface CliDocsInput {
  intro: string;
  /** Rows of the conventions table: [topic, markdown]. */
  conventions: readonly (readonly [string, string])[];
  commands: readonly CommandSpec[];
  globalOptions: readonly OptionSpec[];
  guides: Readonly<Record<string, CommandGuide>>;
  /** What each sample printed, by its command line. */
  runs: ReadonlyMap<string, SampleRun>;
}

const GENERATED =
  '<!-- Generated from apps/flowctl/src/commandList.ts and src/docs/: run `pnpm --filter flowctl run docs`. Do not edit by hand. -->';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

const code = (text: string): string => `\`${cell(text)}\``;

/** One option as a table row: flags, meaning (with its choices), default, environment variable. */
function optionRow(option: OptionSpec): string {
  const choices = option.choices ? `: ${option.choices.map(code).join(', ')}` : '';
  const fallback = option.required ? 'required' : option.default === undefined ? '' : code(option.default);
  return `| ${code(option.flags)} | ${cell(option.description)}${choices} | ${fallback} | ${option.env ? code(option.env) : ''} |`;
}

function optionTable(options: readonly OptionSpec[]): string[] {
  return ['| option | meaning | default | env |', '| --- | --- | --- | --- |', ...options.map(optionRow)];
}

/** Every command line a command's section shows: its example first, then the guide's samples. */
export function commandSamples(spec: CommandSpec, guide: CommandGuide | undefined): DocSample[] {
  const example = guide?.samples?.find((s) => s.command === spec.example);
  return [example ?? { command: spec.example }, ...(guide?.samples ?? []).filter((s) => s.command !== spec.example)];
}

/** Every sample of every command, in the order of the docs. */
export function allSamples(commands: readonly CommandSpec[], guides: Readonly<Record<string, CommandGuide>>): DocSample[] {
  return commands.flatMap((spec) => commandSamples(spec, guides[spec.name]));
}

function sampleBlock(sample: DocSample, runs: ReadonlyMap<string, SampleRun>): string[] {
  const run = runs.get(sample.command);
  if (!run) throw new Error(`No run of "${sample.command}"`);
  const input = sample.stdin === undefined ? '' : ` < ${sample.stdin.split('\n')[0] ?? ''}`;
  // A fence longer than any in the output (the markdown review holds its own code blocks).
  const fence = codeFence(run.output);
  return [fence, `$ ${sample.command}${input}`, ...(run.output === '' ? [] : [run.output.replace(/\n$/, '')]), fence];
}

function commandSection(spec: CommandSpec, input: CliDocsInput): string[] {
  const guide = input.guides[spec.name];
  if (!guide) throw new Error(`docs: no guide for "flowctl ${spec.name}" in src/docs/commandGuides.ts`);
  const [example, ...samples] = commandSamples(spec, guide);
  const usage = `flowctl ${spec.name}${spec.args ? ` ${spec.args}` : ''}${spec.options.length > 0 ? ' [options]' : ''}`;
  const lines = [
    `## flowctl ${spec.name}`,
    '',
    '```sh',
    usage,
    '```',
    '',
    `${spec.summary.charAt(0).toUpperCase()}${spec.summary.slice(1)}.`,
    '',
  ];
  if (spec.options.length > 0) lines.push(...optionTable(spec.options), '');
  lines.push('Example:', '');
  if (example?.showOutput) lines.push(...sampleBlock(example, input.runs), '');
  else lines.push('```sh', spec.example, '```', '');
  lines.push(guide.details.trim(), '');
  for (const sample of samples) {
    if (sample.showOutput) lines.push(...sampleBlock(sample, input.runs), '');
    else lines.push('```sh', sample.command, '```', '');
  }
  return lines;
}

/** docs/cli.md, made from the command definitions, the guides and what the samples printed. */
export function renderCliDocs(input: CliDocsInput): string {
  const lines = [GENERATED, '', '# flowctl', '', input.intro.trim(), '', '## Conventions', '', '| | |', '| --- | --- |'];
  for (const [topic, text] of input.conventions) lines.push(`| ${topic} | ${cell(text)} |`);
  lines.push('', 'Global options, accepted by every command before or after its name:', '', ...optionTable(input.globalOptions), '');
  lines.push('## Commands', '', '| command | does |', '| --- | --- |');
  for (const spec of input.commands) lines.push(`| [\`${spec.name}\`](#flowctl-${spec.name.replace(/ /g, '-')}) | ${cell(spec.summary)} |`);
  lines.push('');
  for (const spec of input.commands) lines.push(...commandSection(spec, input));
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
