import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseFlow, type FlowDocument } from '@flow/core';
import type { PreparedFlow } from '@flow/runtime';
import { parseJsonText } from '../http/body.js';
import { EXAMPLES } from '../testServer.test-helper.js';
import { createDraftFlows, type DraftFlows } from './draftFlows.js';

function supportDesk(): FlowDocument {
  const parsed = parseFlow(readFileSync(`${EXAMPLES}/support-desk/production.flow.json`, 'utf8'));
  if (!parsed.ok) throw new Error('examples/support-desk does not parse');
  return parsed.doc;
}

/** The draft with its first prompt node's prompt replaced. */
function withPrompt(doc: FlowDocument, prompt: string): FlowDocument {
  return { ...doc, nodes: doc.nodes.map((n, i) => (i === 0 && n.type === 'prompt' ? { ...n, data: { ...n.data, prompt } } : n)) };
}

/** The text a turn of the Playground posts. */
const turnBody = (doc: unknown, message = 'Hi'): string => JSON.stringify({ doc, message, messages: [], variables: {} });

function prepared(drafts: DraftFlows, text: string): PreparedFlow {
  const draft = drafts.read(text).draft();
  if (!draft.ok) throw new Error(`not a flow: ${draft.findings[0]?.message ?? ''}`);
  return draft.prepare();
}

/** What reading `text` throws (its message), or null. */
function refusal(read: () => unknown): string | null {
  try {
    read();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('createDraftFlows', () => {
  let drafts: DraftFlows;
  beforeEach(() => {
    drafts = createDraftFlows();
  });

  it('prepares a draft once for the turns that send exactly its text again, whatever else they send', () => {
    const first = prepared(drafts, turnBody(supportDesk(), 'Hi'));
    expect(prepared(drafts, turnBody(supportDesk(), 'Where is my order?'))).toBe(first);
  });

  it('parses the rest of a body whose draft it keeps, and not the draft again', () => {
    const text = turnBody(supportDesk(), 'Where is my order?');
    expect(drafts.read(text).body).toEqual(parseJsonText(text));
    prepared(drafts, text);
    expect(drafts.read(text).body).toEqual({ doc: null, message: 'Where is my order?', messages: [], variables: {} });
  });

  it('compiles an edited draft at once, and each text gets the flow of that text only', () => {
    const doc = supportDesk();
    const before = prepared(drafts, turnBody(doc));
    const edited = prepared(drafts, turnBody(withPrompt(doc, 'Answer in French, always.')));
    expect(edited).not.toBe(before);
    expect(edited.compiledPrompt).toContain('Answer in French, always.');
    expect(before.compiledPrompt).not.toContain('Answer in French, always.');
    // One character changed is another draft.
    const oneCharacter = prepared(drafts, turnBody(withPrompt(doc, 'Answer in French, always!')));
    expect(oneCharacter.compiledPrompt).toContain('Answer in French, always!');
    expect(prepared(drafts, turnBody(doc))).toBe(before);
    expect(prepared(drafts, turnBody(withPrompt(doc, 'Answer in French, always.')))).toBe(edited);
  });

  it('refuses a body around a kept draft exactly as parseJsonText refuses it', () => {
    const text = turnBody(supportDesk());
    prepared(drafts, text);
    for (const bad of [
      `${text.slice(0, -1)},}`,
      `${text} x`,
      text.replace('"messages":[]', '"messages":[{"__proto__":{}}]'),
      text.replace('"message":"Hi"', '"message":"Hi\\u0000"'),
      text.replace('"variables":{}', `"variables":${'['.repeat(64)}${']'.repeat(64)}`),
    ]) {
      const expected = refusal(() => parseJsonText(bad));
      expect(expected, bad.slice(-80)).not.toBeNull();
      expect(refusal(() => drafts.read(bad))).toBe(expected);
    }
  });

  it('refuses a draft that is not a flow at every turn, with the schema finding', () => {
    const broken = turnBody({ ...supportDesk(), nodes: 'none' });
    for (let turn = 0; turn < 2; turn++) {
      const draft = drafts.read(broken).draft();
      expect(draft.ok).toBe(false);
      expect(draft.ok ? [] : draft.findings.map((f) => f.path)).toContain('$.nodes');
    }
  });

  it('keeps nothing when the text does not tell what was parsed (a key written with an escape)', () => {
    const escaped = turnBody(supportDesk()).replace('"message"', '"m\\u0065ssage"');
    const first = prepared(drafts, escaped);
    expect(prepared(drafts, escaped)).not.toBe(first);
  });

  it('keeps drafts within its budget, the least recently used going first', () => {
    const small = createDraftFlows(Math.ceil(turnBody(supportDesk()).length * 1.5));
    const first = prepared(small, turnBody(supportDesk()));
    expect(prepared(small, turnBody(supportDesk()))).toBe(first);
    prepared(small, turnBody(withPrompt(supportDesk(), 'Another draft')));
    expect(prepared(small, turnBody(supportDesk()))).not.toBe(first);
  });
});
