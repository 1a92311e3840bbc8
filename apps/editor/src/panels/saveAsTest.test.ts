import { describe, expect, it } from 'vitest';
import type { PlaygroundEntry } from './playgroundStore';
import { takenName, testFromConversation, withTest } from './saveAsTest';

const lookup = {
  name: 'look_up_order',
  functionType: 'http_calls',
  arguments: { order: '1234' },
  output: 'shipped',
  followUp: false,
  ms: 3,
};
const entries: PlaygroundEntry[] = [
  { role: 'user', text: 'Hi', toolCalls: [] },
  {
    role: 'agent',
    text: 'Hello! Your order number?',
    toolCalls: [],
    recording: { model: [{ content: 'Hello! Your order number?' }], tools: [] },
  },
  { role: 'user', text: 'It is 1234', toolCalls: [] },
  {
    role: 'agent',
    text: 'It has shipped.',
    toolCalls: [lookup],
    recording: { model: [{ content: '', toolCalls: ['call'] }, { content: 'It has shipped.' }], tools: [{ name: 'look_up_order' }] },
  },
  // A message whose turn failed has no answer: it is not part of the test.
  { role: 'user', text: 'Hello?', toolCalls: [] },
];

describe("the Playground's 'Save as test'", () => {
  it('turns the answered turns into a test: user turns, the tool calls made as expectations, the rubric on the last turn, and the cassette in order', () => {
    const saved = testFromConversation(entries, 'Order status', '  Gives the status and invents no date ');
    expect(saved.test).toEqual({
      name: 'Order status',
      turns: [
        { user: 'Hi', expect: { noToolCalls: true } },
        {
          user: 'It is 1234',
          expect: {
            toolCalls: [{ name: 'look_up_order', arguments: { order: '1234' } }],
            judge: { rubric: 'Gives the status and invents no date' },
          },
        },
      ],
    });
    expect(saved.cassette).toEqual({
      model: [{ content: 'Hello! Your order number?' }, { content: '', toolCalls: ['call'] }, { content: 'It has shipped.' }],
      tools: [{ name: 'look_up_order' }],
    });
  });

  it("keeps each MCP server's listing once, from the first turn that read it", () => {
    const listing = (count: number) => ({
      server: 'http://127.0.0.1:9/mcp',
      tools: [{ name: 'check_stock', description: `v${count}`, inputSchema: {} }],
    });
    const stock: PlaygroundEntry[] = [1, 2].flatMap((n): PlaygroundEntry[] => [
      { role: 'user', text: `Turn ${n}`, toolCalls: [] },
      { role: 'agent', text: 'Ok.', toolCalls: [], recording: { model: [{ content: 'Ok.' }], tools: [], mcp: [listing(n)] } },
    ]);
    expect(testFromConversation(stock, 'Stock', '').cassette).toEqual({
      model: [{ content: 'Ok.' }, { content: 'Ok.' }],
      tools: [],
      mcp: [listing(1)],
    });
  });

  it('leaves the judge out when no rubric is written', () => {
    expect(testFromConversation(entries, 'x', ' ').test.turns.at(-1)?.expect).toEqual({
      toolCalls: [{ name: 'look_up_order', arguments: { order: '1234' } }],
    });
  });

  it('starts a test document talking to the flow file, or adds to the stored one, keyed by name in the cassette', () => {
    const first = withTest(null, 'production.flow.json', testFromConversation(entries, 'One', ''));
    expect(first.flowtest.flow).toBe('production.flow.json');
    expect(first.cassette?.format).toBe('flow-cassette/1');
    const second = withTest(first, 'ignored.flow.json', testFromConversation(entries, 'Two', ''));
    expect(second.flowtest).toMatchObject({ flow: 'production.flow.json', tests: [{ name: 'One' }, { name: 'Two' }] });
    expect(second.cassette).toMatchObject({
      tests: { One: { tools: [{ name: 'look_up_order' }] }, Two: { tools: [{ name: 'look_up_order' }] } },
    });
    expect(takenName(second, 'Two')).toBe(true);
    expect(takenName(second, 'Three')).toBe(false);
    expect(takenName(null, 'One')).toBe(false);
  });
});
