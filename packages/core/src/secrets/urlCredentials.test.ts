import { describe, expect, it } from 'vitest';
import { urlWithoutCredentials } from './urlCredentials.js';

describe('urlWithoutCredentials', () => {
  it('drops the user name and password of a URL, and keeps the rest', () => {
    expect(urlWithoutCredentials('http://me:hunter2@127.0.0.1:11434/v1')).toBe('http://127.0.0.1:11434/v1');
    expect(urlWithoutCredentials(new URL('https://token@api.example.com/v1?x=1#y'))).toBe('https://api.example.com/v1?x=1#y');
    expect(urlWithoutCredentials('https://api.example.com/v1')).toBe('https://api.example.com/v1');
  });

  it('cuts what reads as credentials from text that is not a URL either', () => {
    expect(urlWithoutCredentials('http://me:hunter2@bad host/v1')).toBe('http://bad host/v1');
    expect(urlWithoutCredentials('not a url')).toBe('not a url');
  });
});
