import type { CompileReport } from '../../reports.js';
import { conversationMessages, exactTime, relativeTime, secretMessages, systemPromptText, type ConversationEntry } from '@flow/core';
import type { FetchReport } from '../../reports.js';
import type { PublishReport, RollbackReport } from '../../reports.js';
import type { SessionReport } from '../../reports.js';
import type {
  ConversationShowReport,
  ConversationsListReport,
  SecretChangeReport,
  SecretsListReport,
  WorkflowsReport,
} from '../../reports.js';
import { changeCount, diffLines } from '../diffText.js';
import { plural } from '../../plural.js';
import type { TextTarget } from '../textTarget.js';

/** The prompt on stdout, or a note of where it was written. */
export function compileText(report: CompileReport, t: TextTarget): void {
  if (report.output !== undefined) t.info(`Wrote the system prompt of ${report.file} to ${report.output}`);
  else t.out(systemPromptText(report).replace(/\n$/, ''));
}

const SOURCES = { document: "the provider's document", calls: "the provider's functions and system prompt" } as const;

/** The flow on stdout, or a note of where it was written; moved secrets as warnings. */
export function fetchText(report: FetchReport, t: TextTarget): void {
  if (report.output === undefined) t.out(report.text.replace(/\n$/, ''));
  else t.info(`Wrote ${report.output}: ${plural(report.nodes, 'node')} from ${SOURCES[report.source]}`);
  if (report.tests !== undefined && report.tests.length > 0) t.info(`Wrote its tests: ${report.tests.join(', ')}`);
}

/** What changed (or would), then the spec's toast and the dashboard; for a rollback, what came back. */
export function publishText(report: PublishReport | RollbackReport, t: TextTarget): void {
  if ('rollbackOf' in report) {
    t.out(
      t.style.green(
        `Rolled back ${report.planId}/${report.versionName} to the publish ${report.rollbackOf}: published again as ${report.id}`,
      ),
    );
    t.out(`Dashboard: ${report.dashboardUrl}`);
    return;
  }
  const target = `${report.planId}/${report.versionName}`;
  if (report.changes.same) {
    t.out(
      report.dryRun ? `No changes: ${target} on the provider already matches ${report.file}` : `No changes to ${target}; published again`,
    );
  } else {
    t.out(t.style.bold(`${report.dryRun ? 'Would change' : 'Changed'} ${target} (${plural(changeCount(report.changes), 'change')}):`));
    for (const line of diffLines(report.changes, t.style)) t.out(`  ${line}`);
  }
  if (report.tests !== null) t.out(`${report.dryRun ? 'Would send' : 'Sent'} the tests of ${report.tests}`);
  if (report.dryRun) {
    t.info('Dry run: nothing was changed on the provider');
    return;
  }
  if (report.message) t.out(t.style.green(report.message));
  t.out(`Dashboard: ${report.dashboardUrl}`);
}

/** Columns padded to their widest cell (the last one left as it is), the header in bold. */
export function table(t: TextTarget, header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  t.out(t.style.bold(line(header)));
  for (const row of rows) t.out(line(row));
}

/** A table: id, name, updated date, description. */
export function workflowsText(report: WorkflowsReport, t: TextTarget): void {
  if (report.workflows.length === 0) {
    t.out('No workflows found for this plan');
    return;
  }
  const rows = report.workflows.map((w) => [w.id, w.name, w.updated_at.slice(0, 10), w.description || 'No description']);
  table(t, ['ID', 'NAME', 'UPDATED', 'DESCRIPTION'], rows);
}

/** The secret names and when each was set; values never leave the provider. */
export function secretsListText(report: SecretsListReport, t: TextTarget): void {
  if (report.secrets.length === 0) {
    t.out(`No secrets on ${report.apiUrl}: add one with flowctl secrets set NAME`);
    return;
  }
  table(
    t,
    ['NAME', 'SET'],
    report.secrets.map((secret) => [secret.name, relativeTime(secret.updatedAt) || secret.updatedAt]),
  );
}

/** What happened to the secret, in the words the dashboard uses. */
export function secretChangeText(report: SecretChangeReport, t: TextTarget): void {
  t.out(t.style.green(report.change === 'deleted' ? secretMessages.secretDeleted(report.name) : secretMessages.secretSet(report.name)));
}

/** The session link alone on stdout, so it can be piped. */
export function sessionText(report: SessionReport, t: TextTarget): void {
  t.info(`Session ${report.sessionId} of workflow ${report.workflowId} created${report.opened ? ' and opened in the browser' : ''}`);
  t.out(report.hostedLink);
}

/** A time as people say it ('5 minutes ago'), the exact time when it is not recent enough to say so. */
const spokenTime = (iso: string): string => relativeTime(iso) || exactTime(iso) || iso;

/** A table of conversations: when, id, version (unless one was asked), key, messages, first message. */
export function conversationsListText(report: ConversationsListReport, t: TextTarget): void {
  const target = report.versionName === null ? report.planId : `${report.planId}/${report.versionName}`;
  if (report.conversations.length === 0) {
    t.out(
      report.search === null ? conversationMessages.noConversations(target) : `No conversations of ${target} mention "${report.search}"`,
    );
    return;
  }
  const allVersions = report.versionName === null;
  table(
    t,
    ['UPDATED', 'ID', ...(allVersions ? ['VERSION'] : []), 'KEY', 'MESSAGES', 'FIRST MESSAGE'],
    report.conversations.map((c) => [
      spokenTime(c.updatedAt),
      c.id,
      ...(allVersions ? [c.versionName] : []),
      c.keyName ?? '-',
      String(c.messages),
      c.preview.replace(/\s+/g, ' '),
    ]),
  );
  if (report.next !== null) t.info(`More on the provider: --limit to see more`);
}

/** Lines indented under a heading. */
const indented = (text: string, by = '    '): string[] => text.split('\n').map((line) => `${by}${line}`);

function entryLines(entry: ConversationEntry, t: TextTarget): string[] {
  if (entry.kind === 'user') return [t.style.bold('User'), ...indented(entry.content)];
  if (entry.kind === 'assistant')
    return [
      `${t.style.bold('Assistant')} ${t.style.dim(`(${entry.usage.inputTokens} in, ${entry.usage.outputTokens} out tokens)`)}`,
      ...indented(entry.content),
    ];
  const args = Object.entries(entry.arguments)
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join(', ');
  return [
    `  ${t.style.cyan('tool')} ${entry.name}(${args}) ${t.style.dim(`${entry.ms} ms`)}${entry.error === undefined ? '' : ` ${t.style.red(`error: ${entry.error}`)}`}`,
    ...(entry.output === '' ? [] : indented(entry.output, '      ')),
  ];
}

/** One conversation: who and when, then its messages in order with each tool call (arguments, output, duration). */
export function conversationShowText(report: ConversationShowReport, t: TextTarget): void {
  const c = report.conversation;
  t.out(t.style.bold(`${c.id} · ${c.planId}/${c.versionName}`));
  t.out(
    `Started ${spokenTime(c.createdAt)}, last message ${spokenTime(c.updatedAt)} · key ${c.keyName ?? '-'} · ${plural(c.messages, 'message')} · ${c.usage.inputTokens} in, ${c.usage.outputTokens} out tokens`,
  );
  for (const entry of c.entries) for (const line of entryLines(entry, t)) t.out(line);
}
