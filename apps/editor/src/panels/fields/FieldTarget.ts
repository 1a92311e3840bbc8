import type { JsonObject, JsonValue, Workflow } from '@flow/core';
import type { EditGroup } from '../../store/types';

/** Where a field reads and writes its value. */
export interface FieldTarget {
  /** The value shown (defaults filled in). */
  value: unknown;
  /**
   * Changes the value; `next` gets the value current in the store (a list's cell changes its item
   * of the list as it is now). Returning undefined removes the value. Within `group`, the change
   * amends the history step of the field being typed into.
   */
  update(next: (current: unknown) => JsonValue | undefined, group?: EditGroup): void;
}

/** What reference fields choose from. */
export interface FieldChoices {
  functions: ReadonlyArray<{ id: string; name: string }>;
  workflows: readonly Workflow[];
  /** The metadata the field belongs to (defaults filled in): an MCP Tool's 'Tool' reads its server and headers. */
  metadata?: JsonObject;
}
