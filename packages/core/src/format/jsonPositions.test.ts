import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonPositions, jsonSyntaxError, positionAt, withPositions } from './jsonPositions.js';

const text = ['{', '  "a": [1, {"b": true}],', '  "odd key": "x\\"y",', '  "n": null', '}'].join('\n');

describe('jsonPositions', () => {
  it('maps every value to the line and column where it starts', () => {
    const positions = jsonPositions(text);
    expect(positions.get('$')).toEqual({ line: 1, column: 1 });
    expect(positions.get('$.a')).toEqual({ line: 2, column: 8 });
    expect(positions.get('$.a[0]')).toEqual({ line: 2, column: 9 });
    expect(positions.get('$.a[1].b')).toEqual({ line: 2, column: 18 });
    expect(positions.get('$["odd key"]')).toEqual({ line: 3, column: 14 });
    expect(positions.get('$.n')).toEqual({ line: 4, column: 8 });
  });

  it('keeps what it found before a syntax error', () => {
    const positions = jsonPositions('{"a": 1, "b": [2, ');
    expect(positions.get('$.a')).toEqual({ line: 1, column: 7 });
    expect(positions.get('$.b[0]')).toEqual({ line: 1, column: 16 });
  });

  it('skips a byte order mark without shifting columns of later lines', () => {
    expect(jsonPositions('\uFEFF{\n"a": 1}').get('$.a')).toEqual({ line: 2, column: 6 });
  });

  it('handles nesting far deeper than the call stack allows', () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    expect(jsonSyntaxError(deep)).toBeUndefined();
    expect(jsonSyntaxError('['.repeat(50_000))?.message).toBe('unexpected end of file');
  });
});

describe('jsonSyntaxError', () => {
  it.each([
    ['', 'unexpected end of file', 1, 1],
    ['{"a": 1,}', 'expected a property name in double quotes', 1, 9],
    ['{"a" 1}', "expected ':' after property name", 1, 6],
    ['{"a": 1 "b": 2}', "expected ',' or '}'", 1, 9],
    ['[1, 2', 'unexpected end of file', 1, 6],
    ['[1,\n ]', 'unexpected character "]"', 2, 2],
    ['{"a": "x', 'unterminated string', 1, 9],
    ['{"a": "x\ny"}', 'unterminated string or control character in string', 1, 9],
    ['"\\q"', 'invalid escape in string', 1, 2],
    ['"\\u12', 'unterminated string', 1, 6],
    ['[01]', 'invalid number', 1, 2],
    ['[1.]', 'invalid number', 1, 2],
    ['[1.', 'unexpected end of file', 1, 4],
    ['[tru', 'unexpected end of file', 1, 5],
    ['[trux]', 'unexpected character "t"', 1, 2],
    ['{} {}', 'unexpected content after the JSON value', 1, 4],
  ])('reports %j as %s at line %i, column %i', (input, message, line, column) => {
    expect(jsonSyntaxError(input)).toEqual({ message, line, column });
  });

  it('agrees with JSON.parse on what is JSON, for JSON texts with a character dropped or added', () => {
    const edited = fc.tuple(fc.json(), fc.nat(), fc.constantFrom('', ' ', '"', ',', ']', '}', '\\', '0', '-', 'e', '\n'));
    fc.assert(
      fc.property(edited, ([json, at, extra]) => {
        const cut = at % (json.length + 1);
        for (const text of [json, json.slice(0, cut) + json.slice(cut + 1), json.slice(0, cut) + extra + json.slice(cut)]) {
          let parses = true;
          try {
            JSON.parse(text);
          } catch {
            parses = false;
          }
          expect(jsonSyntaxError(text) === undefined).toBe(parses);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts every value JSON.parse accepts', () => {
    for (const ok of ['0', '-1.5e+3', '"\\u00e9\\n"', 'true', ' null ', '{"a":[{},[]]}']) {
      expect(() => JSON.parse(ok)).not.toThrow();
      expect(jsonSyntaxError(ok)).toBeUndefined();
    }
  });
});

describe('positionAt', () => {
  it('counts lines and columns from 1', () => {
    expect(positionAt('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('withPositions', () => {
  it('gives a finding the position of its path, or of the nearest enclosing value', () => {
    const findings = withPositions(
      [
        { code: 'schema', path: '$.a[1].b', severity: 'error', message: 'x' },
        { code: 'schema', path: '$.a[1].missing', severity: 'error', message: 'y' },
      ],
      text,
    );
    expect(findings.map((f) => [f.line, f.column])).toEqual([
      [2, 18],
      [2, 12],
    ]);
  });
});
