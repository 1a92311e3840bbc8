import type { JsonValue, Workflow } from '@flow/core';

/** Where a field reads and writes its value. */
export interface FieldTarget {
  /** The value shown (defaults filled in). */
  value: unknown;
  /**
   * Changes the value; `next` gets the value current in the store when the change lands (so a
   * debounced edit never overwrites a newer one). Returning undefined removes the value.
   */
  update(next: (current: unknown) => JsonValue | undefined): void;
}

/** What reference fields choose from. */
export interface FieldChoices {
  functions: ReadonlyArray<{ id: string; name: string }>;
  workflows: readonly Workflow[];
}
