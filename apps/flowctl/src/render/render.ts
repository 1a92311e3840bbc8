import { keyMessages } from '@flow/core';
import type { Outcome } from '../command.js';
import type { Context } from '../context.js';
import type { CliError } from '../errors.js';
import type { Io, Style } from '../output.js';
import { tooManyWarnings } from '../formats.js';
import { findingLine } from './findingLine.js';
import { junitXml } from './junit.js';
import { evalJunitXml } from '../evals/evalJunit.js';
import { evalMarkdown } from '../evals/evalMarkdown.js';
import { evalText } from '../evals/evalText.js';
import { sarifLog } from './sarif.js';
import type { Results } from '../reports.js';
import { diffText } from './text/diffCommandText.js';
import { fmtText } from './text/fmtText.js';
import { generateText } from './text/generateText.js';
import { dbText, initText, serveText } from './text/localText.js';
import {
  compileText,
  conversationShowText,
  conversationsListText,
  fetchText,
  publishText,
  secretChangeText,
  secretsListText,
  sessionText,
  workflowsText,
} from './text/providerText.js';
import { keyCreatedText, keyRevokedText, keysListText } from './text/keysText.js';
import { runText } from './text/runText.js';
import { validateText } from './text/validateText.js';
import type { TextTarget } from './textTarget.js';

type Kind = keyof Results;
type Formatter<K extends Kind> = (data: Results[K], target: TextTarget) => void;

/** The text of each command's data. */
const FORMATTERS: { [K in Kind]: Formatter<K> } = {
  init: initText,
  validate: validateText,
  fmt: fmtText,
  diff: diffText,
  compile: compileText,
  fetch: fetchText,
  generate: generateText,
  publish: publishText,
  'workflows list': workflowsText,
  'secrets list': secretsListText,
  'secrets set': secretChangeText,
  'secrets delete': secretChangeText,
  'keys create': keyCreatedText,
  'keys list': keysListText,
  'keys revoke': keyRevokedText,
  'conversations list': conversationsListText,
  'conversations show': conversationShowText,
  run: runText,
  session: sessionText,
  test: ({ result, minPassRate }, t) => evalText(result, t, minPassRate),
  serve: serveText,
  completion: (report, t) => t.out(report.script.replace(/\n$/, '')),
  'db import': dbText,
  'db export': dbText,
};

/** The JSON of each command's data: the data itself, except where a part of it is the point. */
const JSON_VIEWS: { [K in Kind]?: (data: Results[K]) => unknown } = {
  // Without -o the document itself is the result; the text copy is never repeated.
  fetch: ({ text: _text, doc, ...summary }) => (summary.output === undefined ? doc : summary),
  // The document when it went nowhere else; with -o, the report of what was written.
  generate: ({ text: _text, doc, ...report }) => (report.file === null ? { ...report, doc } : report),
  // The key is in this answer alone: said in JSON too.
  'keys create': (created) => ({ ...created, note: keyMessages.keyShownOnce }),
  // The same JSON as before --format: the diff, not how it is printed.
  diff: ({ format: _format, markdown: _markdown, ...diff }) => diff,
  // The eval result as is: what --baseline and the provider read back.
  test: ({ result }) => result,
};

function jsonView<K extends Kind>(kind: K, data: Results[K]): unknown {
  const view: ((data: Results[K]) => unknown) | undefined = JSON_VIEWS[kind];
  return view ? view(data) : data;
}

function formatText<K extends Kind>(kind: K, data: Results[K], target: TextTarget): void {
  const format: Formatter<K> = FORMATTERS[kind];
  format(data, target);
}

function textTarget(ctx: Pick<Context, 'io' | 'style' | 'errStyle' | 'quiet' | 'warn'>): TextTarget {
  return {
    style: ctx.style,
    errStyle: ctx.errStyle,
    quiet: ctx.quiet,
    out: (line) => ctx.io.stdout.write(`${line}\n`),
    info: (line) => {
      if (!ctx.quiet) ctx.io.stderr.write(`${line}\n`);
    },
    error: (line) => ctx.io.stderr.write(`${line}\n`),
    warn: (message) => ctx.warn(message),
  };
}

const writeJson = (io: Io, value: unknown): void => {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
};

/** The one place results are printed: JSON with --json (or `validate --format json`), SARIF or JUnit when asked, else text. */
export function renderOutcome(outcome: Outcome, ctx: Context): void {
  const json =
    ctx.json || ((outcome.kind === 'validate' || outcome.kind === 'test' || outcome.kind === 'diff') && outcome.data.format === 'json');
  if (json) writeJson(ctx.io, jsonView(outcome.kind, outcome.data));
  else if (outcome.kind === 'validate' && outcome.data.format === 'sarif') writeJson(ctx.io, sarifLog(outcome.data, ctx.version));
  else if (outcome.kind === 'validate' && outcome.data.format === 'junit') ctx.io.stdout.write(junitXml(outcome.data));
  else if (outcome.kind === 'test' && outcome.data.format === 'junit') ctx.io.stdout.write(evalJunitXml(outcome.data.result));
  else if (outcome.kind === 'test' && outcome.data.format === 'markdown') ctx.io.stdout.write(evalMarkdown(outcome.data.result));
  else formatText(outcome.kind, outcome.data, textTarget(ctx));
  // As ESLint says it, in every format, on stderr.
  if (outcome.kind === 'validate' && tooManyWarnings(outcome.data)) {
    ctx.io.stderr.write(`${ctx.errStyle.red(`flowctl found too many warnings (maximum: ${outcome.data.maxWarnings ?? 0}).`)}\n`);
  }
}

/** An error: `{ "error": { code, message } }` on stdout with --json, else lines on stderr. */
export function renderError(error: CliError, ctx: { io: Io; json: boolean; errStyle: Style }): void {
  if (ctx.json) {
    const findings = error.findings.length > 0 ? { findings: error.findings } : {};
    writeJson(ctx.io, { error: { code: error.code, message: error.message, ...findings } });
    return;
  }
  for (const finding of error.findings) ctx.io.stderr.write(`${findingLine(finding, ctx.errStyle)}\n`);
  // A bad file is fully said by its finding lines, each naming the file.
  if (error.code !== 'BAD_FILE' || error.findings.length === 0) {
    ctx.io.stderr.write(`${ctx.errStyle.red('error:')} ${error.message}\n`);
  }
}

/** A parse error of the command line: always one line (one JSON value with --json). */
export function renderUsageError(error: CliError, ctx: { io: Io; json: boolean; errStyle: Style }): void {
  if (ctx.json) writeJson(ctx.io, { error: { code: error.code, message: error.message } });
  else ctx.io.stderr.write(`${ctx.errStyle.red('error:')} ${error.message}\n`);
}
