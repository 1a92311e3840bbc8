import { describe, expect, it } from 'vitest';
import { expandCases } from './evalCases.js';
import type { FlowTest } from './flowTest.js';

const test: FlowTest = {
  name: 'orders',
  turns: [
    {
      user: 'Where is {{order}}?',
      expect: { toolCalls: [{ name: 'look_up_order', arguments: { id: '{{order}}' } }], judge: { rubric: 'Names {{order}}' } },
    },
  ],
};

describe('expandCases', () => {
  it("fills each case's vars into the test's turns and expectations, named after the test and the case", () => {
    expect(expandCases(test, 'tests[0]', [{ vars: { order: 'NW-1' } }, { name: 'late', vars: { order: 'NW-2' } }])).toEqual([
      {
        name: 'orders › case 1',
        test: 'orders',
        case: 'case 1',
        conversation: {
          turns: [
            {
              user: 'Where is NW-1?',
              expect: { toolCalls: [{ name: 'look_up_order', arguments: { id: 'NW-1' } }], judge: { rubric: 'Names NW-1' } },
            },
          ],
        },
      },
      expect.objectContaining({ name: 'orders › late', case: 'late' }),
    ]);
  });

  it('refuses a case that leaves a {{name}} unfilled, and two cases of one name', () => {
    expect(() => expandCases(test, 'tests[0]', [{ vars: { ordr: 'NW-1' } }])).toThrow(
      'tests[0]: case "case 1" gives no value for {{order}}',
    );
    expect(() =>
      expandCases(test, 'tests[0]', [
        { name: 'a', vars: { order: '1' } },
        { name: 'a', vars: { order: '2' } },
      ]),
    ).toThrow('tests[0]: two cases are named "a"');
  });
});
