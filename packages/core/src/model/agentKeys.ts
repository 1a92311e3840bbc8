import { keyMessages } from '../messages.js';
import { idProblem, isId } from './ids.js';

/** Every agent key starts with this, so a leaked one is easy to spot and scanners can find it. */
export const AGENT_KEY_PREFIX = 'flow_sk_';
/** Requests a minute a key may make when it names no rate. */
export const DEFAULT_KEY_RATE = 60;
export const MIN_KEY_RATE = 1;
export const MAX_KEY_RATE = 10_000;
export const MAX_KEY_AGENTS = 64;
export const MAX_KEY_ORIGINS = 32;

/** What a new key may do: empty `agents` is every published agent, empty `origins` no browser. */
export interface AgentKeySettings {
  name: string;
  /** `planId` (its production version) or `planId/versionName`. */
  agents: string[];
  /** Exact web origins (`https://shop.example.com`). */
  origins: string[];
  /** Requests a minute. */
  rate: number;
}

/** Why a name cannot be a key's (an id: it is a path segment of /api/keys/{name}), or null when it can. */
export function keyNameProblem(name: string): string | null {
  return idProblem(name) === null ? null : keyMessages.invalidKeyName(name.slice(0, 80));
}

/** An agent a key may be bound to (`planId` or `planId/versionName`), or null when it is not one. */
export function parseKeyAgent(text: string): { planId: string; versionName?: string } | null {
  const parts = text.split('/');
  if (parts.length > 2 || !parts.every(isId)) return null;
  const [planId, versionName] = parts;
  if (planId === undefined) return null;
  return versionName === undefined ? { planId } : { planId, versionName };
}

/**
 * The origin a key may be used from, as browsers send it (`scheme://host[:port]`, default port
 * dropped, host lower-cased), or null when the text is not just an http(s) origin.
 * @example keyOrigin('https://Shop.example.com:443') // 'https://shop.example.com'
 */
export function keyOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  // `?` and `#` alone parse to an empty query and fragment: refused all the same.
  const bare = url.pathname === '/' && !/[?#]/.test(text) && url.username === '' && url.password === '';
  return (url.protocol === 'http:' || url.protocol === 'https:') && bare ? url.origin : null;
}

/** True for a whole number of requests a minute a key may have. */
export const isKeyRate = (rate: unknown): rate is number =>
  typeof rate === 'number' && Number.isInteger(rate) && rate >= MIN_KEY_RATE && rate <= MAX_KEY_RATE;

/**
 * A new key's settings from what a client sent (names and lists checked, origins normalised,
 * duplicates dropped), or the first problem in words.
 */
export function checkKeySettings(input: {
  name: string;
  agents?: readonly string[];
  origins?: readonly string[];
  rate?: number;
}): { ok: true; settings: AgentKeySettings } | { ok: false; problem: string } {
  const nameProblem = keyNameProblem(input.name);
  if (nameProblem !== null) return { ok: false, problem: nameProblem };
  const agents = [...new Set(input.agents ?? [])];
  const bad = agents.find((agent) => parseKeyAgent(agent) === null);
  if (bad !== undefined) return { ok: false, problem: keyMessages.invalidKeyAgent(bad.slice(0, 140)) };
  if (agents.length > MAX_KEY_AGENTS) return { ok: false, problem: keyMessages.tooMany('agents', MAX_KEY_AGENTS) };
  const origins: string[] = [];
  for (const text of input.origins ?? []) {
    const origin = keyOrigin(text);
    if (origin === null) return { ok: false, problem: keyMessages.invalidKeyOrigin(text.slice(0, 200)) };
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (origins.length > MAX_KEY_ORIGINS) return { ok: false, problem: keyMessages.tooMany('origins', MAX_KEY_ORIGINS) };
  const rate = input.rate ?? DEFAULT_KEY_RATE;
  if (!isKeyRate(rate)) return { ok: false, problem: keyMessages.invalidKeyRate(MIN_KEY_RATE, MAX_KEY_RATE) };
  return { ok: true, settings: { name: input.name, agents, origins, rate } };
}

/** True when a key bound to `agents` may use the agent `planId/versionName` (`planId` alone is its production version). */
export function keyAllowsAgent(agents: readonly string[], planId: string, versionName: string): boolean {
  if (agents.length === 0) return true;
  return agents.some((agent) => agent === `${planId}/${versionName}` || (agent === planId && versionName === 'production'));
}
