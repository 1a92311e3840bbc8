import { createHash } from 'node:crypto';
import { checkFlowShape, type Finding } from '@flow/core';
import { prepareFlow, type PreparedFlow } from '@flow/runtime';
import { memberText } from '../http/jsonSafety.js';
import { createByteLru } from '../store/byteLru.js';

/** Playground drafts kept prepared at most, in characters of their text: many drafts, or one flow of about 10,000 nodes. */
export const DRAFT_FLOW_CHARS = 16 * 1024 * 1024;

/** A posted draft: its document checked, to prepare (compile) when the turn runs; or what is wrong with it. */
export type DraftCheck = { ok: true; prepare: () => PreparedFlow } | { ok: false; findings: readonly Finding[] };

/** The Playground's drafts lately run, prepared once for every turn that posts the same text again. */
export interface DraftFlows {
  /**
   * The `doc` of a chat body: the flow prepared for an earlier turn when its text is exactly the same
   * (no check, no compile), else checked now and kept once prepared. `body` is what `bodyText` parses to.
   */
  check(bodyText: string, body: Readonly<Record<string, unknown>>): DraftCheck;
}

/**
 * Drafts kept by a digest of their exact text (no request's text is kept, and any other text is
 * checked and compiled anew), least recently used first out past `maxChars`. A prepared flow holds
 * no secret's value: those are read from the store at each turn.
 * @example const drafts = createDraftFlows(); const draft = drafts.check(text, body);
 */
export function createDraftFlows(maxChars: number = DRAFT_FLOW_CHARS): DraftFlows {
  const kept = createByteLru<PreparedFlow>(maxChars);
  return {
    check(bodyText, body) {
      const text = memberText(bodyText, 'doc');
      const key = text === undefined ? undefined : createHash('sha256').update(text).digest('base64url');
      const flow = key === undefined ? undefined : kept.get(key);
      if (flow !== undefined) return { ok: true, prepare: () => flow };
      const shape = checkFlowShape(body.doc);
      if (!shape.ok) return shape;
      return {
        ok: true,
        prepare() {
          const prepared = prepareFlow(shape.doc);
          if (key !== undefined && text !== undefined) kept.set(key, prepared, text.length);
          return prepared;
        },
      };
    },
  };
}
