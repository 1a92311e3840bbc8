import { describe, expect, it } from 'vitest';
import { HttpError } from './HttpError.js';
import { createRouter, pathSegments, type Route } from './router.js';

const route = (method: Route['method'], pattern: string): Route => ({ method, pattern, handler: () => undefined });

describe('pathSegments', () => {
  it('decodes each segment and keeps dot segments instead of resolving them', () => {
    expect(pathSegments('/api/flows/../x?a=1').segments).toEqual(['api', 'flows', '..', 'x']);
    expect(pathSegments('/api/flows/%2e%2e/x').segments).toEqual(['api', 'flows', '..', 'x']);
    expect(pathSegments('/a%2Fb').segments).toEqual(['a/b']);
    expect(pathSegments('/x?plan=1').query.get('plan')).toBe('1');
  });

  it('refuses malformed percent-encoding with 400', () => {
    expect(() => pathSegments('/api/%E0%A4%A')).toThrow(HttpError);
  });
});

describe('createRouter', () => {
  const match = createRouter([
    route('GET', '/api/flows/:planId/:versionName'),
    route('PUT', '/api/flows/:planId/:versionName'),
    route('GET', '/api/plans'),
  ]);

  it('matches literal segments and gives the checked parameters', () => {
    expect(match('GET', ['api', 'flows', 'p', 'v'])).toMatchObject({ kind: 'route', params: { planId: 'p', versionName: 'v' } });
    expect(match('HEAD', ['api', 'plans'])).toMatchObject({ kind: 'route' });
  });

  it('tells a wrong method (with the allowed ones) from an unknown path', () => {
    expect(match('DELETE', ['api', 'flows', 'p', 'v'])).toEqual({ kind: 'method', allowed: ['GET', 'PUT', 'HEAD'] });
    expect(match('GET', ['api', 'flows', 'p'])).toEqual({ kind: 'none' });
  });

  it('refuses parameters outside the id pattern with 400 INVALID_ID', () => {
    for (const bad of ['..', '.x', '', 'a/b', 'a b', 'x'.repeat(65), 'a\u0000']) {
      try {
        match('GET', ['api', 'flows', bad, 'v']);
        expect.unreachable(`accepted ${JSON.stringify(bad)}`);
      } catch (error) {
        expect(error instanceof HttpError && [error.status, error.code]).toEqual([400, 'INVALID_ID']);
      }
    }
  });
});
