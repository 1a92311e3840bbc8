import { CASSETTE_FORMAT, isJsonObject, isRecord, type FlowTests, type JsonObject, type JsonValue } from '@flow/core';
import type { JudgedTurn } from '../api/playgroundClient';
import type { PlaygroundEntry } from './playgroundStore';

// Type aliases, not interfaces: each stays assignable to the JsonObject the provider's tests hold.
/** One turn of a saved test: what the user said and what the agent was seen to do. */
export type SavedTurn = {
  user: string;
  expect: {
    toolCalls?: { name: string; arguments: Record<string, string> }[];
    noToolCalls?: true;
    judge?: { rubric: string };
  };
};

export type SavedTest = { name: string; turns: SavedTurn[] };

/** What one conversation needed from outside, in order (the judge's verdicts too): a case of the cassette. */
export type SavedCassette = { model: JsonValue[]; tools: JsonValue[]; mcp?: JsonValue[]; judge?: JsonValue[] };

/** The answered turns of a Playground conversation: each user message with the agent's recorded answer. */
export function answeredTurns(entries: readonly PlaygroundEntry[]): { user: PlaygroundEntry; agent: PlaygroundEntry }[] {
  const turns: { user: PlaygroundEntry; agent: PlaygroundEntry }[] = [];
  entries.forEach((entry, i) => {
    const next = entries[i + 1];
    if (entry.role === 'user' && next?.role === 'agent' && next.recording !== undefined) turns.push({ user: entry, agent: next });
  });
  return turns;
}

/** The answered turns as the judge reads them. */
export function judgedTranscript(entries: readonly PlaygroundEntry[]): JudgedTurn[] {
  return answeredTurns(entries).map(({ user, agent }) => ({
    user: user.text,
    reply: agent.text,
    toolCalls: agent.toolCalls.map((c) => ({
      name: c.name,
      arguments: c.arguments,
      output: c.output,
      ...(c.error === undefined ? {} : { error: c.error }),
    })),
  }));
}

/**
 * The conversation on screen as a test: its user turns, the tool calls the agent made (names and
 * arguments, as expectations; no tool call where it made none) and, on the last turn, the builder's
 * judge rubric; with the cassette of what the model and the tools answered (and the judge, when
 * it was asked), so it replays offline.
 */
export function testFromConversation(
  entries: readonly PlaygroundEntry[],
  name: string,
  rubric: string,
  judged: readonly JsonValue[] = [],
): { test: SavedTest; cassette: SavedCassette } {
  const turns = answeredTurns(entries);
  const test: SavedTest = {
    name,
    turns: turns.map(({ user, agent }, i) => {
      const calls = agent.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments }));
      const judge = i === turns.length - 1 && rubric.trim() !== '' ? { judge: { rubric: rubric.trim() } } : {};
      return { user: user.text, expect: { ...(calls.length > 0 ? { toolCalls: calls } : { noToolCalls: true }), ...judge } };
    }),
  };
  return {
    test,
    cassette: {
      model: turns.flatMap(({ agent }) => agent.recording?.model ?? []),
      tools: turns.flatMap(({ agent }) => agent.recording?.tools ?? []),
      // Each server's listing once (the first turn that read it), as a recording run keeps it.
      ...mcpListings(turns.flatMap(({ agent }) => agent.recording?.mcp ?? [])),
      ...(judged.length > 0 ? { judge: [...judged] } : {}),
    },
  };
}

function mcpListings(listings: JsonValue[]): { mcp?: JsonValue[] } {
  const seen = new Set<string>();
  const kept = listings.filter((l) => {
    const server = isRecord(l) && typeof l.server === 'string' ? l.server : '';
    if (seen.has(server)) return false;
    seen.add(server);
    return true;
  });
  return kept.length > 0 ? { mcp: kept } : {};
}

const testsOf = (flowtest: JsonObject): JsonValue[] => (Array.isArray(flowtest.tests) ? flowtest.tests : []);

/** A test's name already used in the stored tests, if it is. */
export function takenName(stored: FlowTests | null, name: string): boolean {
  return stored !== null && testsOf(stored.flowtest).some((t) => isRecord(t) && t.name === name);
}

/** The stored tests with one more (a new document, talking to `flowFile`, when there were none). */
export function withTest(stored: FlowTests | null, flowFile: string, saved: ReturnType<typeof testFromConversation>): FlowTests {
  const flowtest: JsonObject = stored?.flowtest ?? { flow: flowFile, tests: [] };
  const cassette: JsonObject = stored?.cassette ?? { format: CASSETTE_FORMAT, tests: {} };
  const recorded = isJsonObject(cassette.tests) ? cassette.tests : {};
  return {
    flowtest: { ...flowtest, tests: [...testsOf(flowtest), saved.test] },
    cassette: { ...cassette, tests: { ...recorded, [saved.test.name]: saved.cassette } },
  };
}
