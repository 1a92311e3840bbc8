import { describe, expect, it } from 'vitest';
import { secretMessages } from '../messages.js';
import { PROVIDER_SETTINGS, secretNameProblem, unsetSecretOf } from './providerSecrets.js';

describe('secret names of the provider store', () => {
  it('takes variable names and refuses the provider settings, in any case', () => {
    expect(secretNameProblem('ORDERS_TOKEN')).toBeNull();
    expect(secretNameProblem('orders_token_2')).toBeNull();
    for (const name of ['', '_X', '9X', 'A-B', 'A.B', 'x'.repeat(65)])
      expect(secretNameProblem(name), name).toMatch(/^Invalid secret name/);
    for (const name of PROVIDER_SETTINGS) expect(secretNameProblem(name.toLowerCase())).toMatch(/is a setting of the provider itself/);
  });

  it("reads the secret's name back from the not-set message only", () => {
    expect(unsetSecretOf(secretMessages.notSetOnProvider('ORDERS_TOKEN'))).toBe('ORDERS_TOKEN');
    expect(unsetSecretOf('Secret A B is not set on the provider')).toBeUndefined();
    expect(unsetSecretOf('HTTP 500 from example.com')).toBeUndefined();
  });
});
