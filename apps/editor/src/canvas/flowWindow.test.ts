import { createPromptData, type FlowEdge, type FlowNode } from '@flow/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inWindow, viewOf, windowAround, windowServes, withSelected, type FlowRect } from './flowWindow';

const prompt = (id: string, x: number, y: number): FlowNode => ({
  id,
  type: 'prompt',
  chain: '1',
  position: { x, y },
  data: createPromptData(),
});
const edge = (source: string, target: string): FlowEdge => ({ id: `edge-${source}-to-${target}`, source, target, kind: 'node' });
const none = new Map<string, { width: number; height: number }>();
const area: FlowRect = { left: 0, top: 0, right: 1000, bottom: 1000 };

describe('the window of a large flow', () => {
  it('gives the nodes that overlap it and the edges with an end in it, with both ends, as the same objects in order', () => {
    const nodes = [prompt('a', 100, 100), prompt('far', 5000, 5000), prompt('b', 900, 900), prompt('c', 3000, 100)];
    const edges = [edge('a', 'b'), edge('b', 'c'), edge('far', 'c')];
    const shown = inWindow(nodes, edges, area, none);
    expect(shown.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(shown.nodes[0]).toBe(nodes[0]);
    expect(shown.edges).toEqual([edges[0], edges[1]]);
  });

  it('keeps an edge that crosses it with both ends outside, and the selection wherever it is', () => {
    const nodes = [prompt('top', 500, -3000), prompt('bottom', 500, 3000), prompt('away', 9000, 9000)];
    const shown = withSelected(inWindow(nodes, [edge('top', 'bottom')], area, none), nodes, ['away']);
    expect(shown.nodes.map((n) => n.id)).toEqual(['top', 'bottom', 'away']);
    expect(shown.edges).toHaveLength(1);
  });

  it('gives the window itself back when every selected node is in it (selecting does not look at the whole flow)', () => {
    const nodes = [prompt('top', 500, -3000), prompt('in', 100, 100), prompt('away', 9000, 9000)];
    const part = inWindow(nodes, [], area, none);
    expect(withSelected(part, nodes, ['in'])).toBe(part);
    expect(withSelected(part, nodes, [])).toBe(part);
  });

  it('uses measured sizes: a wide node that reaches into the window is in it', () => {
    const nodes = [prompt('wide', -900, 10)];
    expect(inWindow(nodes, [], area, none).nodes).toEqual([]);
    expect(inWindow(nodes, [], area, new Map([['wide', { width: 1000, height: 100 }]])).nodes).toEqual(nodes);
  });

  it('is kept while the view pans within half a view of its edge, and moved after', () => {
    const view = viewOf([0, 0, 1], 1000, 800);
    expect(view).toEqual({ left: 0, top: 0, right: 1000, bottom: 800 });
    const around = windowAround(view);
    expect(around).toEqual({ left: -1000, top: -800, right: 2000, bottom: 1600 });
    expect(windowServes(around, viewOf([-400, -300, 1], 1000, 800))).toBe(true);
    expect(windowServes(around, viewOf([-600, 0, 1], 1000, 800))).toBe(false);
    // Zoomed far in, the window would hold far more than the view: it is made again.
    expect(windowServes(around, viewOf([0, 0, 8], 1000, 800))).toBe(false);
  });

  it('property: every edge given has both its ends given, and every node overlapping the window is given', () => {
    const point = fc.record({ x: fc.integer({ min: -4000, max: 4000 }), y: fc.integer({ min: -4000, max: 4000 }) });
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 60 }),
        (points, links) => {
          const nodes = points.map((p, i) => prompt(`n${i}`, p.x, p.y));
          const edges = links.map(([s, t]) => edge(`n${s % nodes.length}`, `n${t % nodes.length}`));
          const shown = inWindow(nodes, edges, area, none);
          const ids = new Set(shown.nodes.map((n) => n.id));
          for (const e of shown.edges) expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
          for (const n of nodes) {
            const overlapping =
              n.position.x <= area.right &&
              n.position.x + 240 >= area.left &&
              n.position.y <= area.bottom &&
              n.position.y + 140 >= area.top;
            if (overlapping) expect(ids.has(n.id)).toBe(true);
          }
        },
      ),
    );
  });
});
