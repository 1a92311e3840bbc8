import { createPromptData, type FlowEdge, type FlowNode } from '@flow/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWindowMemo, inWindow, viewOf, windowAround, windowServes, withSelected, type FlowRect } from './flowWindow';

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

  it('follows a change by what changed: the same part comes back when an edit or a size leaves it as it was', () => {
    const nodes = [prompt('in', 100, 100), prompt('far', 5000, 5000), prompt('near', 900, 900)];
    const edges = [edge('in', 'near')];
    const windowOf = createWindowMemo();
    const part = windowOf(nodes, edges, area, none);
    expect(part.nodes.map((n) => n.id)).toEqual(['in', 'near']);
    // A node far away edited, a node inside measured larger but still inside: nothing React Flow gets changes.
    const edited = [nodes[0]!, { ...nodes[1]!, chain: '2' }, nodes[2]!];
    expect(windowOf(edited, edges, area, none)).toBe(part);
    const sized = new Map([['in', { width: 300, height: 200 }]]);
    expect(windowOf(edited, edges, area, sized)).toBe(part);
    // The node inside edited: the part holds its new object, in the flow's order.
    const renamed = [{ ...nodes[0]!, chain: '3' }, edited[1]!, edited[2]!];
    const next = windowOf(renamed, edges, area, sized);
    expect(next.nodes[0]).toBe(renamed[0]);
    expect(next.edges).toBe(part.edges);
  });

  it('looks at the nodes a change touched, not at every node of the flow', () => {
    let reads = 0;
    // Nodes that count how often their position is read.
    const counted = (id: string, x: number, y: number): FlowNode => {
      const node = prompt(id, x, y);
      const { position } = node;
      return Object.defineProperty(node, 'position', {
        get: () => {
          reads += 1;
          return position;
        },
        enumerable: true,
      });
    };
    const nodes = Array.from({ length: 2000 }, (_, i) => counted(`n${i}`, (i % 50) * 300, Math.floor(i / 50) * 200));
    const edges = nodes.slice(1).map((node, i) => edge(nodes[i]!.id, node.id));
    const windowOf = createWindowMemo();
    windowOf(nodes, edges, area, none);
    reads = 0;
    // An edit of one node, a node added with its edge, one deleted with its edges, a size measured.
    const edited = nodes.map((n, i) => (i === 700 ? counted(n.id, 9000, 9000) : n));
    windowOf(edited, edges, area, none);
    const added = [...edited, counted('new', 100, 100)];
    const linked = [...edges, edge('new', 'n0')];
    windowOf(added, linked, area, none);
    const kept = added.filter((n) => n.id !== 'n1500');
    const unlinked = linked.filter((e) => e.source !== 'n1500' && e.target !== 'n1500');
    windowOf(kept, unlinked, area, none);
    windowOf(kept, unlinked, area, new Map([['n1', { width: 500, height: 300 }]]));
    expect(reads).toBeLessThan(40);
  });

  it('property: followed change by change, the window is what a look at the whole flow gives', () => {
    const point = fc.record({ x: fc.integer({ min: -3000, max: 3000 }), y: fc.integer({ min: -3000, max: 3000 }) });
    const size = fc.record({ width: fc.integer({ min: 10, max: 1500 }), height: fc.integer({ min: 10, max: 1500 }) });
    const change = fc.oneof(
      fc.record({ kind: fc.constant('edit' as const), i: fc.nat() }),
      fc.record({ kind: fc.constant('move' as const), i: fc.nat(), to: point }),
      fc.record({ kind: fc.constant('add' as const), at: fc.nat(), to: point, links: fc.array(fc.nat(), { maxLength: 3 }) }),
      fc.record({ kind: fc.constant('remove' as const), i: fc.nat() }),
      fc.record({ kind: fc.constant('resize' as const), i: fc.nat(), size }),
      fc.record({ kind: fc.constant('forget' as const), i: fc.nat() }),
      fc.record({ kind: fc.constant('editEdge' as const), i: fc.nat() }),
      fc.record({ kind: fc.constant('editAll' as const) }),
      fc.record({ kind: fc.constant('pan' as const), by: point }),
      // New Chain: a node added and the view moved to it in one change.
      fc.record({ kind: fc.constant('addAndPan' as const), to: point, from: fc.nat() }),
    );
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 1, maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 40 }),
        fc.array(change, { maxLength: 25 }),
        (points, links, changes) => {
          let nodes: FlowNode[] = points.map((p, i) => prompt(`n${i}`, p.x, p.y));
          let edges: FlowEdge[] = links.map(([s, t]) => edge(`n${s % nodes.length}`, `n${t % nodes.length}`));
          let measured = new Map<string, { width: number; height: number }>();
          let window: FlowRect = area;
          const windowOf = createWindowMemo();
          const same = () => {
            const followed = windowOf(nodes, edges, window, measured);
            const whole = inWindow(nodes, edges, window, measured);
            expect(followed.nodes.map((n) => n.id)).toEqual(whole.nodes.map((n) => n.id));
            expect(followed.nodes.every((n, i) => n === whole.nodes[i])).toBe(true);
            expect(followed.edges.every((e, i) => e === whole.edges[i]) && followed.edges.length === whole.edges.length).toBe(true);
          };
          same();
          let added = 0;
          for (const c of changes) {
            const pick = (i: number) => nodes[i % Math.max(nodes.length, 1)];
            if (c.kind === 'edit' || c.kind === 'move') {
              const node = pick(c.i);
              if (!node) continue;
              const next = { ...node, chain: `${Number(node.chain) + 1}`, position: c.kind === 'move' ? c.to : node.position };
              nodes = nodes.map((n) => (n === node ? next : n));
            } else if (c.kind === 'add') {
              const id = `m${added++}`;
              const at = c.at % (nodes.length + 1);
              nodes = [...nodes.slice(0, at), prompt(id, c.to.x, c.to.y), ...nodes.slice(at)];
              const made = c.links.map((l) => edge(id, nodes[l % nodes.length]!.id));
              edges = [...edges.slice(0, at), ...made, ...edges.slice(at)];
            } else if (c.kind === 'remove') {
              const node = pick(c.i);
              if (!node) continue;
              nodes = nodes.filter((n) => n !== node);
              edges = edges.filter((e) => e.source !== node.id && e.target !== node.id);
            } else if (c.kind === 'resize' || c.kind === 'forget') {
              const node = pick(c.i);
              if (!node) continue;
              measured = new Map(measured);
              if (c.kind === 'resize') measured.set(node.id, c.size);
              else measured.delete(node.id);
            } else if (c.kind === 'editEdge') {
              const old = edges[c.i % Math.max(edges.length, 1)];
              if (old) edges = edges.map((e) => (e === old ? { ...old } : e));
            } else if (c.kind === 'editAll') {
              nodes = nodes.map((n) => ({ ...n }));
            } else if (c.kind === 'addAndPan') {
              const id = `m${added++}`;
              const from = pick(c.from);
              nodes = [...nodes, prompt(id, c.to.x, c.to.y)];
              if (from) edges = [...edges, edge(from.id, id)];
              window = { left: c.to.x - 500, top: c.to.y - 500, right: c.to.x + 500, bottom: c.to.y + 500 };
            } else {
              window = { left: c.by.x, top: c.by.y, right: c.by.x + 1000, bottom: c.by.y + 1000 };
            }
            same();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
