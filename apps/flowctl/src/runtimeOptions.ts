import { allowsPrivateNetwork, modelSettings, type ModelSettings } from '@flow/runtime';
import { flagOption, stringOption, type Invocation } from './command.js';

/** The model of `run` and `test`: --model-url and --model (or their variables and config keys). Throws ModelNotConfiguredError. */
export function modelFromOptions(invocation: Invocation, env: Readonly<Record<string, string | undefined>>): ModelSettings {
  const baseUrl = stringOption(invocation, 'modelUrl');
  const model = stringOption(invocation, 'model');
  return modelSettings({ ...(baseUrl ? { baseUrl } : {}), ...(model ? { model } : {}) }, env);
}

/** --allow-private-network, or FLOW_RUNTIME_ALLOW_PRIVATE (commander passes the variable's text). */
export function allowPrivateFromOptions(invocation: Invocation): boolean {
  return flagOption(invocation, 'allowPrivateNetwork') || allowsPrivateNetwork(invocation.options.allowPrivateNetwork);
}
