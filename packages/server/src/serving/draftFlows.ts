import { createHash } from 'node:crypto';
import { checkFlowShape, type Finding } from '@flow/core';
import { prepareFlow, type PreparedFlow } from '@flow/runtime';
import { parseJsonText } from '../http/body.js';
import { memberPlace } from '../http/jsonSafety.js';
import { isRecord } from '../guards.js';
import { createByteLru } from '../store/byteLru.js';

/**
 * Playground drafts kept prepared at most, in characters of their text (held parsed and compiled,
 * a few times that in memory): many small drafts, or one of about 7,000 nodes.
 */
export const DRAFT_FLOW_CHARS = 8 * 1024 * 1024;

/** A posted draft: its document checked, to prepare (compile) when the turn runs; or what is wrong with it. */
export type DraftCheck = { ok: true; prepare: () => PreparedFlow } | { ok: false; findings: readonly Finding[] };

/** A chat body as `parseJsonText` gives it, and its `doc` as a draft (checked when asked, once the body is known to be an object). */
export interface DraftBody {
  body: unknown;
  draft: () => DraftCheck;
}

/** The Playground's drafts lately run, prepared once for every turn that posts the same text again. */
export interface DraftFlows {
  /**
   * Parses the text of a chat body as `parseJsonText` does, same errors included. When its `doc` is
   * exactly the text of a draft prepared for an earlier turn, that flow is the draft and the doc is
   * not parsed, checked nor compiled again (the body's `doc` is then null); else the doc is checked
   * now and kept once prepared.
   */
  read(text: string): DraftBody;
}

/**
 * Drafts kept by a digest of their exact text (no request's text is kept, and any other text is
 * parsed, checked and compiled anew), least recently used first out past `maxChars`. A prepared
 * flow holds no secret's value: those are read from the store at each turn.
 * @example const { body, draft } = createDraftFlows().read(text);
 */
export function createDraftFlows(maxChars: number = DRAFT_FLOW_CHARS): DraftFlows {
  const kept = createByteLru<PreparedFlow>(maxChars);
  return {
    read(text) {
      const place = memberPlace(text, 'doc');
      const docText = place && text.slice(place.start, place.end);
      const key = docText && createHash('sha256').update(docText).digest('base64url');
      const flow = key ? kept.get(key) : undefined;
      if (place !== undefined && flow !== undefined) {
        // The doc's text passed every check of a body before (at the same depth): the rest of this one is checked here.
        const rest = parsedOrUndefined(`${text.slice(0, place.start)}null${text.slice(place.end)}`);
        if (isRecord(rest)) return { body: rest, draft: () => ({ ok: true, prepare: () => flow }) };
      }
      const body = parseJsonText(text);
      return {
        body,
        draft() {
          const shape = checkFlowShape(isRecord(body) ? body.doc : undefined);
          if (!shape.ok) return shape;
          return {
            ok: true,
            prepare() {
              const prepared = prepareFlow(shape.doc);
              if (key && docText) kept.set(key, prepared, docText.length);
              return prepared;
            },
          };
        },
      };
    },
  };
}

/** The body parsed, or undefined where `parseJsonText` refuses it (the whole text then says why). */
function parsedOrUndefined(text: string): unknown {
  try {
    return parseJsonText(text);
  } catch {
    return undefined;
  }
}
