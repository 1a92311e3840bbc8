import { isRecord } from '@flow/core';
/** The drag-and-drop type of palette cards; the canvas accepts only drags carrying it. */
export const CARD_MIME = 'application/x-flow-card';

/** What a dragged palette card carries: a function by type and name, or a saved workflow by id. */
export type CardPayload = { kind: 'function'; type: string; name: string } | { kind: 'workflow'; id: string };

/**
 * The card a drop carries, or null for anything else (another app's drag, broken JSON).
 * @example parseCardPayload('{"kind":"workflow","id":"w1"}') // { kind: 'workflow', id: 'w1' }
 */
export function parseCardPayload(text: string): CardPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  if (value.kind === 'function' && typeof value.type === 'string' && typeof value.name === 'string') {
    return { kind: 'function', type: value.type, name: value.name };
  }
  if (value.kind === 'workflow' && typeof value.id === 'string') return { kind: 'workflow', id: value.id };
  return null;
}
