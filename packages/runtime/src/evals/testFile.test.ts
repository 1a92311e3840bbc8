import { describe, expect, it } from 'vitest';
import { parseCasesText, parseFlowTestText } from './testFile.js';

const text = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

describe('parseFlowTestText', () => {
  it('names an unknown key, where it is and its line', () => {
    const file = text({
      flow: 'production.flow.json',
      tests: [{ name: 'orders', turns: [{ user: 'Hi' }, { user: 'Where is 1042?', expect: { judgee: { rubric: 'Helps' } } }] }],
    });
    expect(file.split('\n')[12]).toBe('            "judgee": {');
    expect(parseFlowTestText(file)).toEqual({ ok: false, problem: 'tests[0].turns[1].expect: unknown key "judgee" (line 13)' });
  });

  it('refuses unknown keys at every level, the file itself included', () => {
    // The problem, with the line of the key's value replaced by the line the key is on in the text.
    const problem = (value: unknown, key: string): string | undefined => {
      const file = text(value);
      const read = parseFlowTestText(file);
      const line = file.split('\n').findIndex((l) => l.includes(`"${key}":`)) + 1;
      return read.ok ? undefined : read.problem.replace(` (line ${line})`, ' (its line)');
    };
    expect(problem({ flow: 'f.flow.json', tests: [{ name: 'a', turns: [{ user: 'x' }] }], test: [] }, 'test')).toBe(
      'unknown key "test" (its line)',
    );
    expect(problem({ flow: 'f.flow.json', tests: [{ name: 'a', turn: [] }] }, 'turn')).toBe('tests[0]: unknown key "turn" (its line)');
    expect(
      problem({ flow: 'f.flow.json', tests: [{ name: 'a', turns: [{ user: 'x', expect: { reply: { contain: 'y' } } }] }] }, 'contain'),
    ).toBe('tests[0].turns[0].expect.reply: unknown key "contain" (its line)');
    expect(problem({ flow: 'f.flow.json', tests: [{ name: 'a', simulate: { persona: 'p', goal: 'g', turns: 3 } }] }, 'turns')).toBe(
      'tests[0].simulate: unknown key "turns" (its line)',
    );
    expect(
      problem({ flow: 'f.flow.json', tests: [{ name: 'a', turns: [{ user: 'x' }], cases: [{ vars: {}, name: 'n', input: 1 }] }] }, 'input'),
    ).toBe('tests[0].cases[0]: unknown key "input" (its line)');
  });

  it('reads judge, cases and simulate', () => {
    const read = parseFlowTestText(
      text({
        flow: 'f.flow.json',
        tests: [
          {
            name: 'judged',
            turns: [{ user: 'Where is {{order}}?', expect: { judge: { rubric: 'Gives the link' } } }],
            cases: 'orders.jsonl',
          },
          {
            name: 'simulated',
            simulate: { persona: 'A customer', goal: 'Learns the status' },
            expect: { toolCalls: [{ name: 'look_up_order' }] },
          },
        ],
      }),
    );
    expect(read).toEqual({
      ok: true,
      file: {
        flow: 'f.flow.json',
        tests: [
          {
            name: 'judged',
            turns: [{ user: 'Where is {{order}}?', expect: { judge: { rubric: 'Gives the link' } } }],
            cases: 'orders.jsonl',
          },
          {
            name: 'simulated',
            simulate: { persona: 'A customer', goal: 'Learns the status', maxTurns: 6 },
            expect: { toolCalls: [{ name: 'look_up_order' }] },
          },
        ],
      },
    });
  });

  it('keeps a dataset beside the test file', () => {
    const read = parseFlowTestText(text({ flow: 'f.flow.json', tests: [{ name: 'a', turns: [{ user: 'x' }], cases: '../secret.jsonl' }] }));
    expect(read).toEqual({
      ok: false,
      problem: 'tests[0].cases: must name a .jsonl file beside the test file, or list the cases (line 11)',
    });
  });
});

describe('parseCasesText', () => {
  it('reads one case a line and names the file and line of a bad one', () => {
    expect(parseCasesText('orders.jsonl', '{"vars":{"order":"1"}}\n\n{"name":"late","vars":{"order":"2"}}\n')).toEqual({
      ok: true,
      cases: [{ vars: { order: '1' } }, { name: 'late', vars: { order: '2' } }],
    });
    expect(parseCasesText('orders.jsonl', '{"vars":{"order":"1"}}\n{"vars":{"order":"2"},"var":1}\n')).toEqual({
      ok: false,
      problem: 'orders.jsonl line 2: unknown key "var"',
    });
    expect(parseCasesText('orders.jsonl', '{"vars":{"order":"1"}}\n{"vars":\n')).toEqual({
      ok: false,
      problem: 'orders.jsonl line 2: not JSON',
    });
  });
});
