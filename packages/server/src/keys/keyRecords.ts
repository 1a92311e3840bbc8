import type { AgentKeySettings } from '@flow/core';

/** One agent key as a store keeps it: its settings and the SHA-256 of its text, never the text. */
export interface AgentKeyRecord extends AgentKeySettings {
  /** Hex SHA-256 of the whole key (`flow_sk_…`). */
  hash: string;
  /** `flow_sk_` and the first 6 characters after it, shown to tell keys apart. */
  prefix: string;
  /** ISO times. */
  created: string;
  lastUsed: string | null;
}

/** Where a store keeps agent keys and counts their requests: a file of the data folder, or tables of the database. */
export interface KeyRecords {
  list(): Promise<AgentKeyRecord[]>;
  /** Adds a key; false (and nothing added) when its name is taken. */
  add(record: AgentKeyRecord): Promise<boolean>;
  /** True when there was one. */
  delete(name: string): Promise<boolean>;
  /** The key whose text hashes to `hash`, read from the store at each call (a revoked key is gone at once). */
  byHash(hash: string): Promise<AgentKeyRecord | null>;
  /**
   * Counts one request of the key in minute `minute` (ms since the epoch / 60,000) and records
   * `now` as its last use; the requests counted in that minute so far, or null when the key is
   * gone (revoked meanwhile).
   */
  use(name: string, minute: number, now: string): Promise<number | null>;
  /** True when some key lists the web origin (a preflight is answered for it). */
  anyAllowsOrigin(origin: string): Promise<boolean>;
}
