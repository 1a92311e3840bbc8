import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamRedactor, redactTokens } from './secretPolicy.js';

/** Feeds `text` in pieces cut at `cuts` and returns what the stream sent, piece by piece. */
function streamed(text: string, cuts: number[], tokens: string[]): string[] {
  const redactor = createStreamRedactor(tokens);
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const sent: string[] = [];
  let from = 0;
  for (const point of [...points, text.length]) {
    sent.push(redactor.push(text.slice(from, point)));
    from = point;
  }
  sent.push(redactor.end());
  return sent;
}

const longToken = fc.stringMatching(/^[A-Z0-9]{8,14}$/);
const shortToken = fc.stringMatching(/^[A-Z0-9]{2,7}$/);
const filler = fc.constantFrom(' ', ', ', 'Bearer ', 'token=', 'FLOW_TOKEN=', 'the key is ', '\n', 'x', 'AB', '-', '.');

describe('createStreamRedactor', () => {
  it('sends, whatever the pieces, exactly what redactTokens makes of the whole text', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.oneof(longToken, shortToken), { minLength: 1, maxLength: 3 }),
        fc.array(fc.oneof(fc.nat(2), filler), { minLength: 1, maxLength: 14 }),
        fc.array(fc.nat(400), { maxLength: 12 }),
        (candidates, parts, cuts) => {
          // Tokens that contain one another are masked whole by the stream and in turn by redactTokens.
          const tokens = candidates.filter((t) => !candidates.some((u) => u !== t && u.includes(t)));
          const text = parts.map((p) => (typeof p === 'number' ? (tokens[p % tokens.length] ?? '') : p)).join('');
          expect(streamed(text, cuts, tokens).join('')).toBe(redactTokens(text, tokens));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('never sends a piece of a token, and holds back only what could still become one', () => {
    const redactor = createStreamRedactor(['sk-live-12345678']);
    expect(redactor.push('Your key is sk-li')).toBe('Your key is ');
    expect(redactor.push('ve-1234')).toBe('');
    expect(redactor.push('5678')).toBe('');
    expect(redactor.push(' and more')).toBe('*** and more');
    // A longer word is not the token (as redactTokens decides): it goes out as soon as it is one.
    expect(redactor.push(' sk-live-123456789')).toBe(' sk-live-123456789');
    expect(redactor.push(' sk-live-12345678')).toBe(' ');
    expect(redactor.end()).toBe('***');
  });

  it('passes every piece through at once when there is no token', () => {
    const redactor = createStreamRedactor([]);
    expect(redactor.push('sk-li')).toBe('sk-li');
    expect(redactor.end()).toBe('');
  });
});
