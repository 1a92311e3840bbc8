import type { Workflow } from '@flow/core';

/**
 * Workflows whose name or description contains `query`, case-insensitively (spec section 2).
 * @example filterWorkflows(workflows, 'ONBOARD') // the workflows named or described as onboarding
 */
export function filterWorkflows(workflows: readonly Workflow[], query: string): Workflow[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...workflows];
  return workflows.filter((w) => [w.name, w.description].some((text) => text.toLowerCase().includes(needle)));
}
