import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES, isIncomplete, ruleFinding, type RuleCode } from './ruleCodes.js';

const DOC = new URL('../../../../docs/flow-format.md', import.meta.url);

/** The rows of the rules table of docs/flow-format.md: code, severity, incomplete, what it finds. */
function documentedRules(): { code: string; severity: string; incomplete: boolean; summary: string }[] {
  const text = readFileSync(DOC, 'utf8');
  const section = text.slice(text.indexOf('## Rules'), text.indexOf('## Canonical form'));
  return [...section.matchAll(/^\| `([^`]+)` \| ([^|]+) \| (.*) \|$/gm)].map((m) => {
    const [severity = '', ...rest] = (m[2] ?? '').split(',').map((w) => w.trim());
    return { code: m[1] ?? '', severity, incomplete: rest.includes('incomplete'), summary: m[3] ?? '' };
  });
}

const codes: RuleCode[] = Object.values(RULES).map((rule) => rule.code);

describe('RULES', () => {
  it('names each rule by its own code, once', () => {
    for (const [key, rule] of Object.entries(RULES)) expect(rule.code).toBe(key);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('is documented exactly, code by code, in the rules table of docs/flow-format.md', () => {
    const documented = documentedRules();
    expect(new Set(documented.map((r) => r.code)).size).toBe(documented.length);
    expect(documented).toEqual(
      codes.map((code) => {
        const rule: { severity: string; incomplete?: true; summary: string } = RULES[code];
        return { code, severity: rule.severity, incomplete: rule.incomplete === true, summary: rule.summary };
      }),
    );
  });

  it('gives a finding the severity of its rule', () => {
    expect(ruleFinding('bom', '$', 'm')).toEqual({ code: 'bom', path: '$', severity: 'warning', message: 'm' });
    expect(isIncomplete(ruleFinding('cycle', '$.nodes[0]', 'm'))).toBe(true);
    expect(isIncomplete(ruleFinding('orphan-edge', '$.edges[0].target', 'm'))).toBe(false);
  });
});
