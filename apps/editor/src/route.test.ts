import { describe, expect, it } from 'vitest';
import { parseRoute } from './route';

describe('parseRoute', () => {
  it('opens the editor without a plan on /', () => {
    expect(parseRoute('/')).toEqual({ planId: '', versionName: 'production', replaceWith: null });
  });

  it('replaces /{id} with /{id}/production', () => {
    expect(parseRoute('/support-desk')).toEqual({
      planId: 'support-desk',
      versionName: 'production',
      replaceWith: '/support-desk/production',
    });
  });

  it('reads the plan id and version of /{id}/{version}', () => {
    expect(parseRoute('/support-desk/staging/')).toEqual({ planId: 'support-desk', versionName: 'staging', replaceWith: null });
  });
});
