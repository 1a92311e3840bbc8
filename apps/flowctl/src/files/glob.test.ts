import { describe, expect, it } from 'vitest';
import { globBase, globToRegExp, isGlob } from './glob.js';

describe('globToRegExp', () => {
  it('keeps * and ? within one segment and lets ** span segments', () => {
    expect(globToRegExp('flows/*.flow.json').test('flows/a.flow.json')).toBe(true);
    expect(globToRegExp('flows/*.flow.json').test('flows/x/a.flow.json')).toBe(false);
    expect(globToRegExp('flows/**/*.flow.json').test('flows/x/y/a.flow.json')).toBe(true);
    expect(globToRegExp('flows/**/*.flow.json').test('flows/a.flow.json')).toBe(true);
    expect(globToRegExp('a?.flow.json').test('ab.flow.json')).toBe(true);
  });

  it('reads classes and alternations, and escapes the rest', () => {
    expect(globToRegExp('[ab].flow.json').test('b.flow.json')).toBe(true);
    expect(globToRegExp('{one,two}.flow.json').test('two.flow.json')).toBe(true);
    expect(globToRegExp('a.flow.json').test('aXflow.json')).toBe(false);
  });
});

describe('globBase and isGlob', () => {
  it('walks from the segments before the first wildcard', () => {
    expect(globBase('flows/**/*.flow.json')).toBe('flows');
    expect(globBase('*.flow.json')).toBe('.');
    expect(globBase('/abs/dir/*.json')).toBe('/abs/dir');
    expect(isGlob('flows/a.flow.json')).toBe(false);
    expect(isGlob('flows/*.flow.json')).toBe(true);
  });
});
