import type { FlowRule } from '@flow/core';

/**
 * No rule of flowctl's own: core's `validateFlow` runs every rule once (issue 12). Empty, and kept
 * only while commands/publish.ts still passes it as `rules`; delete both once publish drops it.
 */
export const FLOW_RULES: readonly FlowRule[] = [];
