import { describe, expect, it } from 'vitest';
import { createSecretVault, type SecretRecords } from './secretVault.js';

/** Records that count their reads and hold none. */
function countingRecords(): SecretRecords & { reads: number } {
  return {
    reads: 0,
    list() {
      this.reads++;
      return Promise.resolve([]);
    },
    put: () => Promise.resolve(true),
    delete: () => Promise.resolve(false),
  };
}

describe('createSecretVault', () => {
  it('gives a flow that names no secret (or only names no secret can have) nothing, without reading the store', async () => {
    const records = countingRecords();
    const vault = createSecretVault(
      records,
      () => Promise.reject(new Error('no key')),
      () => '2026-11-27T10:00:00.000Z',
    );
    expect(await vault.values([])).toEqual({ values: {}, problems: {} });
    expect(await vault.values(['not a name'])).toEqual({ values: {}, problems: {} });
    expect(records.reads).toBe(0);
    expect(await vault.values(['ORDERS_TOKEN'])).toEqual({ values: {}, problems: {} });
    expect(records.reads).toBe(1);
  });
});
