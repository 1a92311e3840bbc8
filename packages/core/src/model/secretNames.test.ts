import { describe, expect, it } from 'vitest';
import { isCredentialHeader, isPlainCredential, isSecretName, isSecretValue, redactSecrets } from './secretNames.js';

describe('isSecretName', () => {
  it('recognises the usual names of secrets', () => {
    for (const name of ['api_key', 'apiKey', 'X-Api-Key', 'Authorization', 'token', 'client_secret', 'password']) {
      expect(isSecretName(name)).toBe(true);
    }
    expect(isSecretName('order_id')).toBe(false);
  });
});

describe('redactSecrets', () => {
  it('replaces secret-named values deeply and keeps the rest', () => {
    expect(redactSecrets({ user: 'ann', auth: { password: 'p' }, list: [{ token: 't' }] })).toEqual({
      user: 'ann',
      auth: { password: '(hidden)' },
      list: [{ token: '(hidden)' }],
    });
  });
});

describe('credentials', () => {
  it('credential headers are the ones a request authenticates with, whatever their case', () => {
    for (const name of ['Authorization', 'proxy-authorization', 'X-Api-Key', ' api-key ', 'X-Auth-Token'])
      expect(isCredentialHeader(name)).toBe(true);
    for (const name of ['Accept', 'X-Request-Id', 'Authorization-Hint']) expect(isCredentialHeader(name)).toBe(false);
  });

  it('a plain credential is written out: not empty, not a scheme alone, not a {template}', () => {
    for (const value of ['sk-live-1', 'Bearer abc', 'Basic dXNlcjpw']) expect(isPlainCredential(value)).toBe(true);
    for (const value of ['', '  ', 'Bearer ', 'Bearer {{token}}', '{api_key}']) expect(isPlainCredential(value)).toBe(false);
  });

  it('a value is a secret by itself when it is a scheme and a credential', () => {
    expect(isSecretValue('Bearer abc.def')).toBe(true);
    expect(isSecretValue('basic dXNlcjpw')).toBe(true);
    expect(isSecretValue('Bearer')).toBe(false);
    expect(isSecretValue('the bearer')).toBe(false);
  });
});
