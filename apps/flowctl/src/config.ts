import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { idProblem, isRecord, errorMessage } from '@flow/core';
import { usageError } from './errors.js';

/** The config file flowctl reads from the current folder (a `"flowctl"` key of package.json otherwise). */
export const CONFIG_FILE = 'flowctl.config.json';

/** What a config file may set: defaults that a flag or an environment variable overrides. */
export interface FlowctlConfig {
  /** The provider's address (`--api-url`). */
  apiUrl?: string;
  /** The plan of `fetch`, `generate`, `workflows list` and `session` (`--plan`). */
  plan?: string;
  /** The version of `fetch` and `generate` (`--version`). */
  version?: string;
  /** What `validate` and `fmt` check when no file is named: files, folders, globs. */
  files?: string[];
  /** The model `run`, `test` and `generate` talk to (`--model`). */
  model?: string;
  /** Its OpenAI-compatible endpoint (`--model-url`); its key is FLOW_MODEL_API_KEY, never a file. */
  modelBaseUrl?: string;
  /** Webhooks of workflow skills (`run --workflow`): skill name → URL. */
  skills?: Record<string, string>;
}

export type ConfigKey = keyof FlowctlConfig;

type Check = (value: unknown) => string | null;

const text =
  (what: string, extra: (value: string) => string | null = () => null): Check =>
  (value) =>
    typeof value === 'string' && value.trim() !== '' ? extra(value) : `must be ${what}`;

/** Each key with the check of its value: the one list of what a config may hold. */
const KEYS: Record<ConfigKey, Check> = {
  apiUrl: text('an http(s) URL', (value) => (/^https?:\/\/[^\s]+$/.test(value) ? null : 'must be an http(s) URL')),
  plan: text('a plan id', (value) => idProblem(value)),
  version: text('a version name', (value) => idProblem(value)),
  model: text('a model name'),
  modelBaseUrl: text('an http(s) URL', (value) => (/^https?:\/\/[^\s]+$/.test(value) ? null : 'must be an http(s) URL')),
  skills: (value) =>
    isRecord(value) && Object.values(value).every((url) => typeof url === 'string' && /^https?:\/\/\S+$/.test(url))
      ? null
      : 'must map skill names to http(s) URLs',
  files: (value) =>
    Array.isArray(value) && value.length > 0 && value.every((f) => typeof f === 'string' && f.trim() !== '')
      ? null
      : 'must be a list of files, folders or globs',
};

export const CONFIG_KEYS: readonly string[] = Object.keys(KEYS);

const isConfigKey = (key: string): key is ConfigKey => Object.hasOwn(KEYS, key);

function checked(source: string, value: unknown): FlowctlConfig {
  if (!isRecord(value)) throw usageError(`${source}: the config must be a JSON object with ${CONFIG_KEYS.join(', ')}`, 'BAD_CONFIG');
  const config: FlowctlConfig = {};
  for (const [key, entry] of Object.entries(value)) {
    if (/token|secret|password|api[_-]?key/i.test(key)) {
      throw usageError(
        `${source}: "${key}" does not belong in a file: set FLOW_TOKEN in the environment (secrets never go into files)`,
        'BAD_CONFIG',
      );
    }
    if (key === '$schema') continue;
    if (!isConfigKey(key)) throw usageError(`${source}: unknown key "${key}": a config sets ${CONFIG_KEYS.join(', ')}`, 'BAD_CONFIG');
    const problem = KEYS[key](entry);
    if (problem !== null) throw usageError(`${source}: "${key}" ${problem}`, 'BAD_CONFIG');
  }
  const { apiUrl, plan, version, files } = value;
  if (typeof apiUrl === 'string') config.apiUrl = apiUrl;
  if (typeof plan === 'string') config.plan = plan;
  if (typeof version === 'string') config.version = version;
  if (Array.isArray(files)) config.files = files.map(String);
  if (typeof value.model === 'string') config.model = value.model;
  if (typeof value.modelBaseUrl === 'string') config.modelBaseUrl = value.modelBaseUrl;
  const skills = value.skills;
  if (isRecord(skills)) config.skills = Object.fromEntries(Object.entries(skills).map(([k, v]) => [k, String(v)]));
  return config;
}

async function readJson(path: string, source: string): Promise<{ found: false } | { found: true; value: unknown }> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return { found: false };
    throw usageError(`${source}: cannot be read (${errorMessage(error)})`, 'BAD_CONFIG');
  }
  try {
    const value: unknown = JSON.parse(raw);
    return { found: true, value };
  } catch (error) {
    throw usageError(`${source}: not valid JSON (${error instanceof SyntaxError ? error.message : 'malformed'})`, 'BAD_CONFIG');
  }
}

/**
 * The config of the current folder: flowctl.config.json, else the `"flowctl"` key of
 * package.json, else none. A bad one is a usage error naming the file and the key.
 */
export async function loadConfig(cwd: string): Promise<{ config: FlowctlConfig; source: string | null }> {
  const own = await readJson(join(cwd, CONFIG_FILE), CONFIG_FILE);
  if (own.found) return { config: checked(CONFIG_FILE, own.value), source: CONFIG_FILE };
  const pkg = await readJson(join(cwd, 'package.json'), 'package.json');
  if (pkg.found && isRecord(pkg.value) && pkg.value.flowctl !== undefined) {
    return { config: checked('package.json "flowctl"', pkg.value.flowctl), source: 'package.json' };
  }
  return { config: {}, source: null };
}
