import { describe, expect, it } from 'vitest';
import { conversationsPath } from './conversationCalls.js';

describe('conversationsPath', () => {
  it('encodes every parameter as a query value: a search cannot add one', () => {
    expect(conversationsPath({ planId: 'shop' })).toBe('/api/conversations?plan=shop');
    expect(
      conversationsPath({
        planId: 'shop',
        versionName: 'production',
        search: 'a&limit=1 #x',
        limit: 20,
        before: '2026-11-27T10:00:00.000Z~conv_A',
      }),
    ).toBe(
      '/api/conversations?plan=shop&version=production&search=a%26limit%3D1+%23x&limit=20&before=2026-11-27T10%3A00%3A00.000Z%7Econv_A',
    );
    expect(conversationsPath({ planId: 'shop', search: '' })).toBe('/api/conversations?plan=shop');
  });
});
