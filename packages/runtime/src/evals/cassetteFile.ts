// The `flow-cassette/1` file beside a test file: what each case needed from outside, by case name.
import { CASSETTE_FORMAT, CASSETTE_SUFFIX, FLOWTEST_SUFFIX, isJsonObject, isRecord } from '@flow/core';
import type { Cassette, RecordedMcpListing, RecordedModelReply } from '../cassette.js';

/** One case's recording: the agent's model answers and tools, and the judge's and simulated user's answers. */
export interface CaseCassette extends Cassette {
  judge?: RecordedModelReply[];
  user?: RecordedModelReply[];
}

/** Where a test file's recorded answers are kept: `x.flowtest.json` → `x.cassette.json`. */
export function cassettePath(testFile: string): string {
  const stem = testFile.endsWith(FLOWTEST_SUFFIX) ? testFile.slice(0, -FLOWTEST_SUFFIX.length) : testFile;
  return `${stem}${CASSETTE_SUFFIX}`;
}

function isToolCall(value: unknown): value is RecordedModelReply['toolCalls'][number] {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    value.type === 'function' &&
    isRecord(value.function) &&
    typeof value.function.name === 'string' &&
    typeof value.function.arguments === 'string'
  );
}

function isRecordedTool(value: unknown): value is Cassette['tools'][number] {
  if (
    !isRecord(value) ||
    typeof value.name !== 'string' ||
    !isRecord(value.arguments) ||
    !isRecord(value.variables) ||
    !isRecord(value.result)
  )
    return false;
  const result = value.result;
  return (result.ok === true && typeof result.output === 'string') || (result.ok === false && typeof result.error === 'string');
}

function isListing(value: unknown): value is RecordedMcpListing {
  return (
    isRecord(value) &&
    typeof value.server === 'string' &&
    Array.isArray(value.tools) &&
    value.tools.every((t) => isRecord(t) && typeof t.name === 'string' && typeof t.description === 'string' && isJsonObject(t.inputSchema))
  );
}

function modelReplies(value: unknown[]): RecordedModelReply[] {
  return value.filter(isRecord).map((m) => ({
    content: typeof m.content === 'string' ? m.content : '',
    toolCalls: Array.isArray(m.toolCalls) ? m.toolCalls.filter(isToolCall) : [],
  }));
}

/** A cassette file's cases by name; throws when the value is not a `flow-cassette/1` document. */
export function readCassetteFile(value: unknown): Record<string, CaseCassette> {
  if (!isRecord(value) || value.format !== CASSETTE_FORMAT || !isRecord(value.tests)) throw new Error(`not a ${CASSETTE_FORMAT} cassette`);
  const cases: Record<string, CaseCassette> = {};
  for (const [name, cassette] of Object.entries(value.tests)) {
    if (!isRecord(cassette) || !Array.isArray(cassette.model) || !Array.isArray(cassette.tools)) continue;
    // Written by a recording run; replayed as written.
    const read: CaseCassette = { model: modelReplies(cassette.model), tools: cassette.tools.filter(isRecordedTool) };
    if (Array.isArray(cassette.judge)) read.judge = modelReplies(cassette.judge);
    if (Array.isArray(cassette.user)) read.user = modelReplies(cassette.user);
    if (Array.isArray(cassette.mcp)) read.mcp = cassette.mcp.filter(isListing);
    cases[name] = read;
  }
  return cases;
}

/** The cassette file's text for recorded cases (lists the cases did not use are left out). */
export function cassetteFileText(cases: Readonly<Record<string, CaseCassette>>): string {
  const tests = Object.fromEntries(
    Object.entries(cases).map(([name, c]) => [
      name,
      {
        model: c.model,
        tools: c.tools,
        ...(c.mcp && c.mcp.length > 0 ? { mcp: c.mcp } : {}),
        ...(c.judge && c.judge.length > 0 ? { judge: c.judge } : {}),
        ...(c.user && c.user.length > 0 ? { user: c.user } : {}),
      },
    ]),
  );
  return `${JSON.stringify({ format: CASSETTE_FORMAT, tests }, null, 2)}\n`;
}
