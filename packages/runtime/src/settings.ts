import { isRecord } from '@flow/core';

/** Where the runtime's model is: any OpenAI-compatible Chat Completions endpoint. */
export interface ModelSettings {
  /** The endpoint's base URL, e.g. `https://api.openai.com/v1` or Ollama's `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /** The model's name at that endpoint, e.g. `gpt-4o-mini` or `llama3.1`. */
  model: string;
  /** Sent as a bearer token when set (Ollama and LM Studio need none). */
  apiKey?: string;
}

/** The environment variables of the model settings: one list for the runtime, flowctl and the provider. */
export const MODEL_ENV = {
  baseUrl: 'FLOW_MODEL_BASE_URL',
  model: 'FLOW_MODEL',
  apiKey: 'FLOW_MODEL_API_KEY',
  allowPrivate: 'FLOW_RUNTIME_ALLOW_PRIVATE',
} as const;

/** Raised when no model is configured: the message says what to set. */
export class ModelNotConfiguredError extends Error {
  override name = 'ModelNotConfiguredError';
  constructor(missing: readonly string[]) {
    super(
      `No model is configured: set ${missing.join(' and ')} (any OpenAI-compatible endpoint; for Ollama, ${MODEL_ENV.baseUrl}=http://127.0.0.1:11434/v1 and ${MODEL_ENV.model}=llama3.1)`,
    );
  }
}

/** The model settings from explicit values, else the environment; a missing one is a ModelNotConfiguredError. */
export function modelSettings(given: Partial<ModelSettings>, env: Readonly<Record<string, string | undefined>>): ModelSettings {
  const baseUrl = given.baseUrl ?? env[MODEL_ENV.baseUrl] ?? '';
  const model = given.model ?? env[MODEL_ENV.model] ?? '';
  const apiKey = given.apiKey ?? env[MODEL_ENV.apiKey];
  const missing = [...(baseUrl === '' ? [MODEL_ENV.baseUrl] : []), ...(model === '' ? [MODEL_ENV.model] : [])];
  if (missing.length > 0) throw new ModelNotConfiguredError(missing);
  return { baseUrl: baseUrl.replace(/\/+$/, ''), model, ...(apiKey ? { apiKey } : {}) };
}

const YES = new Set(['1', 'true', 'yes']);

/** Whether a setting (a flag, or the FLOW_RUNTIME_ALLOW_PRIVATE variable) lets HTTP tools reach private networks. */
export function allowsPrivateNetwork(value: unknown): boolean {
  return value === true || (typeof value === 'string' && YES.has(value.trim().toLowerCase()));
}

/** The webhooks of workflow skills in `FLOW_SKILLS` (a JSON object: skill name → URL); a bad value says what it must be. */
export function skillsFromEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const raw = env.FLOW_SKILLS;
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!isRecord(parsed) || !Object.values(parsed).every((url) => typeof url === 'string')) {
    throw new Error('FLOW_SKILLS must be a JSON object of skill names and webhook URLs');
  }
  return Object.fromEntries(Object.entries(parsed).map(([skill, url]) => [skill, String(url)]));
}
