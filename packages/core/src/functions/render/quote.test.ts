import { describe, expect, it } from 'vitest';
import { inline, quoteBlock, textField, unquoteLine, word } from './quote.js';

describe('inline', () => {
  it('quotes a value and escapes every line break, so it stays on one line', () => {
    expect(inline('a\nb\rc\u2028d\u0085e')).toBe('"a\\nb\\rc\\u2028d\\u0085e"');
    expect(inline('say "hi"')).toBe('"say \\"hi\\""');
  });
});

describe('word', () => {
  it('leaves option-like values plain and quotes anything else', () => {
    expect(word('GET')).toBe('GET');
    expect(word('gpt-4o-mini')).toBe('gpt-4o-mini');
    expect(word('two\nlines')).toBe('"two\\nlines"');
    expect(word('')).toBe('""');
  });
});

describe('quoteBlock', () => {
  it('prefixes every line, and an empty line with ">" alone', () => {
    expect(quoteBlock('one\n\n## Chain 2 ', '  ')).toEqual(['  > one', '  >', '  > ## Chain 2 ']);
  });

  it('gives the text back exactly when its lines are unquoted and joined', () => {
    const text = '> already quoted\n\n\ttab \r\n🙂 end  ';
    const back = quoteBlock(text).map((line) => unquoteLine(line));
    expect(back.join('\n')).toBe(text);
  });
});

describe('unquoteLine', () => {
  it('returns null for lines that are not quoted at the indent', () => {
    expect(unquoteLine('Steps:')).toBeNull();
    expect(unquoteLine('   > step text')).toBeNull();
    expect(unquoteLine('   > step text', '   ')).toBe('step text');
    expect(unquoteLine('>x')).toBeNull();
  });
});

describe('textField', () => {
  it('writes one line for one-line text, a quoted block for more, nothing for empty', () => {
    expect(textField('Message', 'Hi', ' ')).toEqual([' Message: "Hi"']);
    expect(textField('Message', 'Hi\nthere', ' ')).toEqual([' Message:', ' > Hi', ' > there']);
    expect(textField('Message', '', ' ')).toEqual([]);
  });
});
