import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TOOL_NAME, toolNames, type AgentRef } from './toolNames.js';

const agent = (planId: string, versionName = 'production'): AgentRef => ({ planId, versionName });
const hash8 = (planId: string, versionName: string): string =>
  createHash('sha256').update(`${planId}/${versionName}`).digest('hex').slice(0, 8);
const namesOf = (agents: AgentRef[]): Record<string, string> =>
  Object.fromEntries(toolNames(agents).map(({ name, agent: a }) => [`${a.planId}/${a.versionName}`, name]));

describe('toolNames', () => {
  it('names ask_{plan} in snake case, with _{version} for versions other than production', () => {
    expect(namesOf([agent('support-desk'), agent('support-desk', 'Beta-2'), agent('Lead_Qualifier')])).toEqual({
      'support-desk/production': 'ask_support_desk',
      'support-desk/Beta-2': 'ask_support_desk_beta_2',
      'Lead_Qualifier/production': 'ask_lead_qualifier',
    });
  });

  it('gives every agent of a name that is not its alone a hashed name, the others keeping theirs', () => {
    const names = namesOf([agent('My-Plan'), agent('my_plan'), agent('a_b'), agent('a', 'b'), agent('other')]);
    expect(names).toEqual({
      'My-Plan/production': `ask_my_plan_${hash8('My-Plan', 'production')}`,
      'my_plan/production': `ask_my_plan_${hash8('my_plan', 'production')}`,
      'a_b/production': `ask_a_b_${hash8('a_b', 'production')}`,
      'a/b': `ask_a_b_${hash8('a', 'b')}`,
      'other/production': 'ask_other',
    });
  });

  it('cuts a name past 64 characters and adds the hash: valid for MCP clients, and distinct for ids alike up to the cut', () => {
    const long = 'p'.repeat(64);
    const names = namesOf([agent(long), agent(long, 'v'.repeat(60)), agent(long, 'v'.repeat(59))]);
    expect(names[`${long}/production`]).toBe(`ask_${'p'.repeat(51)}_${hash8(long, 'production')}`);
    expect(Object.values(names)).toHaveLength(3);
    expect(new Set(Object.values(names)).size).toBe(3);
    for (const name of Object.values(names)) {
      expect(name).toMatch(TOOL_NAME);
      expect(name).toHaveLength(64);
    }
  });

  it('serves no agent under a name that is still not its alone after hashing', () => {
    const plan = `a_b_${hash8('a-b', 'production')}`;
    expect(namesOf([agent('a-b'), agent('a_b'), agent(plan), agent('c')])).toEqual({
      'a_b/production': `ask_a_b_${hash8('a_b', 'production')}`,
      'c/production': 'ask_c',
    });
  });
});
