import { describe, expect, it } from 'vitest';
import { CYCLE_DETECTED } from '../model/types.js';
import { analyzeChains, chainList } from './analyzeChains.js';

const fn = (uuid: string, next = '') => ({ uuid, name: uuid.toUpperCase(), post_action_function_id: next });

describe('analyzeChains', () => {
  it('starts a chain at a function that is nobody follow-up and has one', () => {
    const r = analyzeChains([fn('b', 'c'), fn('a', 'b'), fn('c')]);
    expect(r.chains).toHaveLength(1);
    expect(r.chains[0]?.startFunction).toBe('a');
    expect(r.chains[0]?.nodes.map((n) => [n.uuid, n.next])).toEqual([
      ['a', 'b'],
      ['b', 'c'],
      ['c', null],
    ]);
    expect(r.chains[0]?.length).toBe(3);
    expect(r.standalone).toEqual([]);
  });

  it('lists a function with neither follow-up nor leader as standalone', () => {
    const r = analyzeChains([fn('solo'), fn('a', 'b'), fn('b')]);
    expect(r.standalone.map((f) => f.uuid)).toEqual(['solo']);
  });

  it('marks a missing follow-up as a function that does not exist', () => {
    const r = analyzeChains([fn('a', 'ghost')]);
    expect(r.chains[0]?.nodes.at(-1)).toEqual({ uuid: 'ghost', name: 'Missing function', exists: false, funcObj: null, next: null });
  });

  it('ends a loop with CYCLE_DETECTED', () => {
    const r = analyzeChains([fn('a', 'b'), fn('b', 'c'), fn('c', 'b')]);
    expect(r.chains[0]?.nodes.map((n) => n.uuid)).toEqual(['a', 'b', 'c', CYCLE_DETECTED]);
  });

  it('still finds functions that only form a loop', () => {
    const r = analyzeChains([fn('x', 'y'), fn('y', 'x')]);
    expect(r.chains[0]?.nodes.map((n) => n.uuid)).toEqual(['x', 'y', CYCLE_DETECTED]);
  });

  it('treats a function that follows itself as a loop', () => {
    const r = analyzeChains([fn('s', 's')]);
    expect(r.chains[0]?.nodes.map((n) => n.uuid)).toEqual(['s', CYCLE_DETECTED]);
  });
});

describe('chainList', () => {
  it('turns standalone functions into chains of length 1 and skips cycle and missing entries', () => {
    const list = chainList(analyzeChains([fn('a', 'b'), fn('b', 'a2'), fn('solo'), fn('x', 'y'), fn('y', 'x')]));
    expect(list.map((c) => [c.startFunction, c.length, c.nodes.map((n) => n.uuid)])).toEqual([
      ['a', 2, ['a', 'b']],
      ['x', 2, ['x', 'y']],
      ['solo', 1, ['solo']],
    ]);
  });
});
