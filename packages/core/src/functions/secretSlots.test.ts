import { describe, expect, it } from 'vitest';
import { SECRET_FIELDS } from './registry.js';
import { secretSlots } from './secretSlots.js';

describe('secret slots', () => {
  it("come from the definitions' secret fields, known once", () => {
    expect(SECRET_FIELDS.map((field) => field.key)).toEqual(['api_key', 'apicalls.0.bearer_token', 'apicalls.0.headers', 'headers']);
  });

  it('are found in every item of a list, item by item, in document order', () => {
    const metadata = {
      api_key: { env: 'KEY' },
      apicalls: [
        {
          bearer_token: 'one',
          headers: [
            { name: 'X-Api-Key', value: 'h1' },
            { name: 'Accept', value: 'json' },
          ],
        },
        { bearer_token: { env: 'TWO' }, headers: [{ name: 'Authorization', value: 'Bearer h2' }] },
      ],
    };
    expect(secretSlots(metadata, '$.m', SECRET_FIELDS).map((slot) => [slot.path, slot.label, slot.plain ?? null])).toEqual([
      ['$.m.api_key', 'API_KEY', null],
      ['$.m.apicalls[0].bearer_token', 'BEARER_TOKEN', 'one'],
      ['$.m.apicalls[0].headers[0].value', 'X_API_KEY', 'h1'],
      ['$.m.apicalls[1].bearer_token', 'BEARER_TOKEN', null],
      ['$.m.apicalls[1].headers[0].value', 'AUTHORIZATION', 'Bearer h2'],
    ]);
  });

  it('set replaces the value where it stands', () => {
    const metadata = { apicalls: [{ bearer_token: 'plain' }] };
    for (const slot of secretSlots(metadata, '$', SECRET_FIELDS)) slot.set({ env: 'TOKEN' });
    expect(metadata).toEqual({ apicalls: [{ bearer_token: { env: 'TOKEN' } }] });
  });
});
