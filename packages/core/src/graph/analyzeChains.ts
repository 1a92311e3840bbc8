import { CYCLE_DETECTED, type Chain, type ChainNode, type ChainStructure, type FunctionRecord } from '../model/types.js';

const MISSING_NAME = 'Missing function';
const CYCLE_NAME = 'Cycle detected';

function followUp(fn: FunctionRecord): string | null {
  return fn.post_action_function_id ? fn.post_action_function_id : null;
}

/**
 * Finds the chains of a plan's functions (spec section 4): a function that is nobody's follow-up
 * and has a follow-up starts a chain; one with neither is standalone. A follow-up that does not
 * exist ends its chain with a missing-function entry, a loop with a CYCLE_DETECTED entry.
 */
export function analyzeChains<F extends FunctionRecord>(functions: readonly F[]): ChainStructure<F> {
  const byUuid = new Map<string, F>();
  for (const fn of functions) if (!byUuid.has(fn.uuid)) byUuid.set(fn.uuid, fn);
  const isFollowUp = new Set<string>();
  for (const fn of byUuid.values()) {
    const next = followUp(fn);
    if (next !== null && next !== fn.uuid) isFollowUp.add(next);
  }
  const chains: Chain<F>[] = [];
  const standalone: F[] = [];
  const visited = new Set<string>();
  const follow = (start: F): void => {
    const nodes: ChainNode<F>[] = [];
    const inChain = new Set<string>();
    let fn: F = start;
    for (;;) {
      if (inChain.has(fn.uuid)) {
        nodes.push({ uuid: CYCLE_DETECTED, name: CYCLE_NAME, exists: false, funcObj: null, next: null });
        break;
      }
      inChain.add(fn.uuid);
      visited.add(fn.uuid);
      const next = followUp(fn);
      nodes.push({ uuid: fn.uuid, name: fn.name, exists: true, funcObj: fn, next });
      if (next === null) break;
      const nextFn = byUuid.get(next);
      if (!nextFn) {
        nodes.push({ uuid: next, name: MISSING_NAME, exists: false, funcObj: null, next: null });
        break;
      }
      fn = nextFn;
    }
    chains.push({ startFunction: start.uuid, length: nodes.filter((n) => n.exists).length, nodes });
  };
  for (const fn of byUuid.values()) {
    if (isFollowUp.has(fn.uuid)) continue;
    if (followUp(fn) === null) {
      standalone.push(fn);
      visited.add(fn.uuid);
    } else follow(fn);
  }
  // Functions only reachable inside a loop: start at the first of them, in input order.
  for (const fn of byUuid.values()) if (!visited.has(fn.uuid)) follow(fn);
  return { chains, standalone };
}

/**
 * The chains as the editor lists them: each standalone function becomes a chain of length 1, and
 * entries that are CYCLE_DETECTED or do not exist are skipped.
 */
export function chainList<F extends FunctionRecord>(structure: ChainStructure<F>): Chain<F>[] {
  const chains = structure.chains.map((chain) => {
    const nodes = chain.nodes.filter((n) => n.exists && n.uuid !== CYCLE_DETECTED);
    return { ...chain, nodes, length: nodes.length };
  });
  for (const fn of structure.standalone) {
    chains.push({
      startFunction: fn.uuid,
      length: 1,
      nodes: [{ uuid: fn.uuid, name: fn.name, exists: true, funcObj: fn, next: null }],
    });
  }
  return chains;
}
