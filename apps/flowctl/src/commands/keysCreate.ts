import { checkKeySettings } from '@flow/core';
import { requiredOption, stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT, usageError } from '../errors.js';

/** The values of a repeatable option. */
const listOption = (invocation: Invocation, name: string): string[] => {
  const raw = invocation.options[name];
  return Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [];
};

/** `flowctl keys create`: a new agent key, checked by core's rules before any call; the key is printed once. */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const rateText = stringOption(invocation, 'rate') ?? '';
  const rate = /^\d+$/.test(rateText) ? Number(rateText) : Number.NaN;
  const checked = checkKeySettings({
    name: requiredOption(invocation, 'name'),
    agents: listOption(invocation, 'agent'),
    origins: listOption(invocation, 'origin'),
    rate,
  });
  if (!checked.ok) throw usageError(checked.problem);
  const client = await ctx.client();
  const created = await ctx.task(`Creating ${checked.settings.name}…`, () => client.createKey(checked.settings));
  return { kind: 'keys create', data: created, exitCode: EXIT.ok };
}
