import { LIGHTNING } from '../model/emoji.js';
import { defaultTriggerText } from '../graph/nodeData.js';
import { isRecord } from '../model/paths.js';

/** One node the assistant proposes (spec section 4: type prompt or function, label, description, prompt, emoji). */
export interface GeneratedNode {
  type: 'prompt' | 'function';
  label: string;
  description: string;
  prompt: string;
  emoji: string;
}

/** The workflow schema the assistant returns. */
export interface GeneratedFlow {
  nodes: GeneratedNode[];
  lastUpdated: string;
}

/** How much a generation may ask for and return. */
export const GENERATE_LIMITS: { readonly maxNodes: number; readonly maxDescription: number } = {
  maxNodes: 30,
  maxDescription: 4000,
};

/** The badge a node gets when the assistant gives none: a new prompt node's, a new Instruct function's. */
const DEFAULT_EMOJI = { prompt: LIGHTNING, function: defaultTriggerText('instruct') } as const;

/** Longest text kept of each field of a node (in code points); the rest is cut. */
const FIELD_LIMITS = { label: 120, description: 2000, prompt: 8000, emoji: 16 } as const;

export type CheckedFlow = { ok: true; flow: GeneratedFlow } | { ok: false; reason: string };

/** `text` trimmed and cut to `max` code points (never half an emoji). */
function capped(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  return Array.from(trimmed).slice(0, max).join('').trimEnd();
}

type Field = { ok: true; text: string | undefined } | { ok: false; reason: string };

/** An optional text field: absent or null is undefined, anything but a string a reason. */
function optionalText(node: Record<string, unknown>, key: keyof typeof FIELD_LIMITS, at: string): Field {
  const value = node[key];
  if (value === undefined || value === null) return { ok: true, text: undefined };
  if (typeof value !== 'string') return { ok: false, reason: `${at}.${key} must be a string` };
  return { ok: true, text: capped(value, FIELD_LIMITS[key]) };
}

function checkNode(value: unknown, at: string): { ok: true; node: GeneratedNode } | { ok: false; reason: string } {
  if (!isRecord(value)) return { ok: false, reason: `${at} must be an object` };
  const type = typeof value.type === 'string' ? value.type.trim().toLowerCase() : undefined;
  if (type !== 'prompt' && type !== 'function') return { ok: false, reason: `${at}.type must be 'prompt' or 'function'` };
  const label = optionalText(value, 'label', at);
  if (!label.ok) return label;
  if (label.text === undefined || label.text === '') return { ok: false, reason: `${at}.label must be a non-empty string` };
  const description = optionalText(value, 'description', at);
  if (!description.ok) return description;
  const prompt = optionalText(value, 'prompt', at);
  if (!prompt.ok) return prompt;
  const emoji = optionalText(value, 'emoji', at);
  if (!emoji.ok) return emoji;
  return {
    ok: true,
    node: {
      type,
      label: label.text,
      description: description.text ?? '',
      prompt: prompt.text ?? '',
      emoji: emoji.text === undefined || emoji.text === '' ? DEFAULT_EMOJI[type] : emoji.text,
    },
  };
}

/**
 * The workflow schema in `value`, checked and tidied: strings trimmed and capped, a missing
 * description or prompt empty, a missing emoji the kind's default badge, a missing lastUpdated now.
 * A reason names the path of the first problem (`nodes[2].label must be a non-empty string`).
 * @example checkGeneratedFlow({ nodes: [{ type: 'prompt', label: 'Greet' }] }) // ok, emoji '⚡', prompt ''
 */
export function checkGeneratedFlow(value: unknown): CheckedFlow {
  if (!isRecord(value)) return { ok: false, reason: 'the answer must be a JSON object with nodes and lastUpdated' };
  const { nodes } = value;
  if (!Array.isArray(nodes) || nodes.length === 0) return { ok: false, reason: 'nodes must be a non-empty array' };
  if (nodes.length > GENERATE_LIMITS.maxNodes) {
    return { ok: false, reason: `nodes must hold at most ${GENERATE_LIMITS.maxNodes} nodes (it holds ${nodes.length})` };
  }
  const checked: GeneratedNode[] = [];
  for (const [i, entry] of nodes.entries()) {
    const node = checkNode(entry, `nodes[${i}]`);
    if (!node.ok) return node;
    checked.push(node.node);
  }
  const { lastUpdated } = value;
  if (lastUpdated !== undefined && lastUpdated !== null && typeof lastUpdated !== 'string') {
    return { ok: false, reason: 'lastUpdated must be a string' };
  }
  const stamp = typeof lastUpdated === 'string' ? lastUpdated.trim() : '';
  return { ok: true, flow: { nodes: checked, lastUpdated: stamp || new Date().toISOString() } };
}
