import type { Workflow } from '@flow/core';
import { describe, expect, it } from 'vitest';
import { filterWorkflows } from './filterWorkflows';

function workflow(id: string, name: string, description: string): Workflow {
  return { id, name, description, updated_at: '', plan_id: 'p1', json: { steps: [] } };
}

const workflows = [
  workflow('w1', 'Onboarding', 'Welcome new users'),
  workflow('w2', 'Refund', 'Handle a refund request'),
  workflow('w3', 'Survey', ''),
];

describe('filterWorkflows', () => {
  it('lists every workflow for an empty or blank search', () => {
    expect(filterWorkflows(workflows, '')).toHaveLength(3);
    expect(filterWorkflows(workflows, '   ')).toHaveLength(3);
  });

  it('matches the name case-insensitively', () => {
    expect(filterWorkflows(workflows, 'ONBOARD').map((w) => w.id)).toEqual(['w1']);
  });

  it('matches the description', () => {
    expect(filterWorkflows(workflows, 'request').map((w) => w.id)).toEqual(['w2']);
  });

  it('finds nothing for a search nobody matches', () => {
    expect(filterWorkflows(workflows, 'zebra')).toEqual([]);
  });
});
