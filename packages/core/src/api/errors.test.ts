import { describe, expect, it } from 'vitest';
import { ApiError, FlowConflictError, isApiError, providerDetails, readProviderError, redact } from './errors.js';

describe('ApiError', () => {
  it('is an Error carrying kind, status, provider message, code and cause', () => {
    const cause = new TypeError('fetch failed');
    const error = new ApiError('Failed to fetch functions', {
      kind: 'http',
      status: 500,
      providerMessage: 'boom',
      code: 'internal',
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ApiError', kind: 'http', status: 500, providerMessage: 'boom' });
    expect(error.code).toBe('internal');
    expect(error.message).toBe('Failed to fetch functions');
    expect(error.cause).toBe(cause);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
  });

  it('leaves absent details undefined', () => {
    const error = new ApiError('m', { kind: 'timeout' });
    expect(error.status).toBeUndefined();
    expect(error.providerMessage).toBeUndefined();
    expect('cause' in error).toBe(false);
  });
});

describe('FlowConflictError', () => {
  it('is an http ApiError with the current ETag', () => {
    const error = new FlowConflictError('changed', { status: 412 }, '"e3"');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'FlowConflictError', kind: 'http', status: 412, currentEtag: '"e3"' });
  });
});

describe('readProviderError', () => {
  it('reads { error: { code, message } }, { error: text } and { message }', () => {
    expect(readProviderError('{"error":{"code":"bad","message":"Bad thing"}}')).toEqual({
      code: 'bad',
      message: 'Bad thing',
    });
    expect(readProviderError('{"error":"Nope"}')).toEqual({ message: 'Nope' });
    expect(readProviderError('{"message":"Plain"}')).toEqual({ message: 'Plain' });
  });

  it('takes plain text as the message and ignores empty bodies, HTML and JSON without a message', () => {
    expect(readProviderError('  service down \n')).toEqual({ message: 'service down' });
    expect(readProviderError('')).toEqual({});
    expect(readProviderError('<html><body>502</body></html>')).toEqual({});
    expect(readProviderError('{"ok":false}')).toEqual({});
    expect(readProviderError('42')).toEqual({});
  });

  it('clips a very long message', () => {
    const { message } = readProviderError('x'.repeat(5000));
    expect(message?.length).toBeLessThan(400);
  });
});

describe('redact', () => {
  it('hides every occurrence of the token, and changes nothing without one', () => {
    expect(redact('Bearer tok-abc-123 and tok-abc-123', 'tok-abc-123')).toBe('Bearer *** and ***');
    expect(redact('Bearer abc', undefined)).toBe('Bearer abc');
    expect(providerDetails('{"error":{"message":"got tok-abc-123"}}', 'tok-abc-123')).toEqual({ providerMessage: 'got ***' });
  });

  it('hides the exact token only: never inside other words, a short one only where it is used as a token', () => {
    expect(redact('Failed to load plan a: bad token a', 'a')).toBe('Failed to load plan a: bad token a');
    expect(redact('Authorization: Bearer a', 'a')).toBe('Authorization: Bearer ***');
    expect(redact('tok-abc-1234 is not tok-abc-123', 'tok-abc-123')).toBe('tok-abc-1234 is not ***');
  });
});
