// The MCP tool name of each published agent: `ask_{plan_id}` in snake case, `_{version}` appended
// for versions other than production. Snake case loses information (`My-Plan` and `my_plan`, or
// plan `a_b` and plan `a` version `b`, give one name) and ids may be 64 characters, so a name
// that is not one agent's alone, or is too long, gets a suffix of the agent's hash instead.
import { createHash } from 'node:crypto';

/** What MCP clients accept as a tool name (Claude's and Cursor's rule; the MCP spec allows more). */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const MAX_NAME = 64;
/** `_` and 8 hex digits of the agent's SHA-256: 32 bits, enough to tell apart names that collide by chance. */
const SUFFIX_LENGTH = 9;

export interface AgentRef {
  planId: string;
  versionName: string;
}

const snake = (id: string): string => id.toLowerCase().replace(/-/g, '_');

/** The name the rule starts from: `ask_{plan}` or `ask_{plan}_{version}`, in snake case, of any length. */
export const plainToolName = ({ planId, versionName }: AgentRef): string =>
  versionName === 'production' ? `ask_${snake(planId)}` : `ask_${snake(planId)}_${snake(versionName)}`;

/** The plain name cut to fit and suffixed with 8 hex digits of the SHA-256 of `plan/version`. */
export function hashedToolName(agent: AgentRef): string {
  const hash = createHash('sha256')
    .update(`${agent.planId}/${agent.versionName}`)
    .digest('hex')
    .slice(0, SUFFIX_LENGTH - 1);
  return `${plainToolName(agent).slice(0, MAX_NAME - SUFFIX_LENGTH)}_${hash}`;
}

/**
 * The tool name of each agent, over every published agent (so a name does not depend on the key
 * that lists it). An agent keeps its plain name when no other agent has it and it fits in 64
 * characters; otherwise every agent of that name gets its hashed name, so a new publish never
 * hands an existing name to another agent (a client's call fails as unknown instead). An agent
 * whose final name is still not its alone (only a plan id made to equal another's hashed name)
 * gets no tool.
 */
export function toolNames<T extends AgentRef>(agents: readonly T[]): { name: string; agent: T }[] {
  const plainCount = new Map<string, number>();
  for (const agent of agents) plainCount.set(plainToolName(agent), (plainCount.get(plainToolName(agent)) ?? 0) + 1);
  const named = agents.map((agent) => {
    const plain = plainToolName(agent);
    return { name: plain.length <= MAX_NAME && plainCount.get(plain) === 1 ? plain : hashedToolName(agent), agent };
  });
  const finalCount = new Map<string, number>();
  for (const { name } of named) finalCount.set(name, (finalCount.get(name) ?? 0) + 1);
  return named.filter(({ name }) => finalCount.get(name) === 1);
}
