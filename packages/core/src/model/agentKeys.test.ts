import { describe, expect, it } from 'vitest';
import { checkKeySettings, keyAllowsAgent, keyOrigin, parseKeyAgent } from './agentKeys.js';

describe('agent key settings', () => {
  it('takes exact web origins only, as browsers send them', () => {
    expect(keyOrigin('https://Shop.example.com')).toBe('https://shop.example.com');
    expect(keyOrigin('https://shop.example.com/')).toBe('https://shop.example.com');
    expect(keyOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(keyOrigin('https://shop.example.com:443')).toBe('https://shop.example.com');
    for (const bad of [
      'shop.example.com',
      'https://shop.example.com/a',
      'https://shop.example.com?',
      'https://u:p@shop.example.com',
      'ftp://x.example',
      '*',
      'null',
    ])
      expect(keyOrigin(bad), bad).toBeNull();
  });

  it('takes a plan or a plan and version as agents, and reads a plan alone as its production version', () => {
    expect(parseKeyAgent('support-desk')).toEqual({ planId: 'support-desk' });
    expect(parseKeyAgent('support-desk/beta')).toEqual({ planId: 'support-desk', versionName: 'beta' });
    for (const bad of ['', 'a/b/c', '../x', 'a/', '__proto__']) expect(parseKeyAgent(bad), bad).toBeNull();
    expect(keyAllowsAgent([], 'any', 'beta')).toBe(true);
    expect(keyAllowsAgent(['shop'], 'shop', 'production')).toBe(true);
    expect(keyAllowsAgent(['shop'], 'shop', 'beta')).toBe(false);
    expect(keyAllowsAgent(['shop/beta'], 'shop', 'beta')).toBe(true);
    expect(keyAllowsAgent(['shop/beta'], 'other', 'beta')).toBe(false);
  });

  it('says the first problem of a new key in words, and fills in the defaults', () => {
    expect(checkKeySettings({ name: 'web-shop' })).toEqual({ ok: true, settings: { name: 'web-shop', agents: [], origins: [], rate: 60 } });
    expect(checkKeySettings({ name: 'web shop' })).toEqual({
      ok: false,
      problem: `Invalid key name "web shop": use 1 to 64 letters, digits, '-' or '_', starting with a letter or digit, e.g. web-shop`,
    });
    expect(checkKeySettings({ name: 'k', rate: 0 })).toEqual({
      ok: false,
      problem: 'The rate is a whole number of requests a minute, 1 to 10000',
    });
    expect(checkKeySettings({ name: 'k', rate: 1.5 }).ok).toBe(false);
    expect(checkKeySettings({ name: 'k', origins: ['https://a.example/x'] })).toEqual({
      ok: false,
      problem: 'Invalid origin "https://a.example/x": give a web origin as scheme://host[:port], e.g. https://shop.example.com (no path)',
    });
    expect(checkKeySettings({ name: 'k', agents: ['a/b/c'] }).ok).toBe(false);
    expect(checkKeySettings({ name: 'k', origins: ['https://A.example', 'https://a.example/'], agents: ['x', 'x'] })).toEqual({
      ok: true,
      settings: { name: 'k', agents: ['x'], origins: ['https://a.example'], rate: 60 },
    });
  });
});
