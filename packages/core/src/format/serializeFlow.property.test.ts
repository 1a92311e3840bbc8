import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultMetadata, FUNCTION_TYPES, isFunctionType } from '../functions/registry.js';
import { POST_ACTION_TYPES, type JsonObject, type JsonValue } from '../model/types.js';
import type { FlowDocument, FlowNode } from './types.js';
import { validateFlow } from '../rules/validateFlow.js';
import { parseFlow } from './parseFlow.js';
import { checkFlowShape } from './schema.js';
import { canonicalOrder, serializeFlow } from './serializeFlow.js';
import { isRecord } from '../model/paths.js';
import { buildFlow } from '../testing/testFlows.js';

const text = fc.string({ maxLength: 12 });
const { json } = fc.letrec<{ json: JsonValue }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 8 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('json'), { maxKeys: 3 }),
  ),
}));
const jsonObject: fc.Arbitrary<JsonObject> = fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 4 });
const coordinate = fc.double({ noNaN: true, noDefaultInfinity: true });
const position = fc.record({ x: coordinate, y: coordinate });
const step = fc.record({ skill: text, name: text, config: jsonObject });

/** What a type needs from its builder before it can run (its defaults leave it incomplete). */
const READY: Readonly<Record<string, Record<string, string>>> = {
  mcp_tool: { server_url: 'https://mcp.example.com/mcp', tool_name: 'lookup' },
};

/** A function type and metadata of that type (some of its default keys); any object for an unknown type. */
const typedMetadata = fc.constantFrom(...FUNCTION_TYPES, 'not_yet_known').chain((type) =>
  fc.record({
    type: fc.constant(type),
    metadata: isFunctionType(type)
      ? fc.subarray(Object.entries(defaultMetadata(type))).map((entries) => ({ ...Object.fromEntries(entries), ...READY[type] }))
      : jsonObject,
  }),
);

/** A node of any type for a given id; chains and links are set by `buildFlow`. */
const nodeFor = (id: string): fc.Arbitrary<FlowNode> =>
  fc.oneof(
    fc.record({
      id: fc.constant(id),
      type: fc.constant('function' as const),
      chain: fc.constant('1'),
      position,
      data: fc
        .record({
          uuid: fc.constant(id),
          name: text,
          post_action_type: fc.constantFrom(...POST_ACTION_TYPES),
          post_action_function_id: text,
          active: fc.boolean(),
          sequence: fc.integer(),
          plan_id: text,
          title: text,
          description: text,
          trigger: text,
          created_at: text,
          updated_at: text,
          execute_once: fc.boolean(),
          config_id: fc.option(text),
          config_env: fc.option(text),
          deleted_at: fc.option(text),
          trigger_text: text,
          button_text: text,
          skip_tracking: fc.boolean(),
          execute_first: fc.boolean(),
          track: fc.boolean(),
          trigger_type: text,
          thinking_text: text,
          source_function_id: fc.option(text),
        })
        .chain((data) => typedMetadata.map((typed) => ({ ...data, ...typed }))),
    }),
    fc.record({
      id: fc.constant(id),
      type: fc.constant('prompt' as const),
      chain: fc.constant('1'),
      position,
      data: fc.record({ prompt: text, name: text, nodeType: text, trigger_text: text }),
    }),
    fc.record({
      id: fc.constant(id),
      type: fc.constant('workflow' as const),
      chain: fc.constant('1'),
      position,
      data: fc.record({
        name: text,
        description: text,
        trigger_text: text,
        metadata: fc.record({ workflow_id: text }),
        steps: fc.array(step, { maxLength: 2 }),
      }),
    }),
  );

const workflow = fc.record(
  {
    id: text,
    name: text,
    description: text,
    updated_at: text,
    plan_id: text,
    json: fc.record({ steps: fc.array(step, { maxLength: 2 }) }),
    planner_response: json,
  },
  { requiredKeys: ['id', 'name', 'description', 'updated_at', 'plan_id', 'json'] },
);

/** Valid flow documents: 1 to 4 chains of 1 to 4 nodes, linked as the editor links them. */
const validFlow: fc.Arbitrary<FlowDocument> = fc
  .array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 })
  .chain((sizes) => {
    const total = sizes.reduce((a, b) => a + b, 0);
    return fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: total, maxLength: total }).chain((ids) =>
      fc.tuple(...ids.map(nodeFor)).map((nodes) => {
        let at = 0;
        return sizes.map((size) => nodes.slice(at, (at += size)));
      }),
    );
  })
  .chain((chains) =>
    fc
      .record(
        {
          $schema: text,
          planId: text,
          versionName: text,
          agentContext: text,
          agentNotes: text,
          systemPrompt: text,
          viewport: fc.record({ x: coordinate, y: coordinate, zoom: fc.double({ min: 0.1, max: 4, noNaN: true }) }),
          workflows: fc.array(workflow, { maxLength: 2 }),
        },
        { requiredKeys: ['planId', 'versionName', 'agentContext', 'agentNotes', 'systemPrompt'] },
      )
      .map((extra) => buildFlow(chains, extra)),
  );

/** Every object rebuilt with its keys inserted in reverse, so none of them is already in order. */
const reversed = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== 'object' || value === null) return value;
  const copy = {};
  for (const [key, item] of Object.entries(value).reverse()) {
    Object.defineProperty(copy, key, { value: reversed(item), enumerable: true, writable: true, configurable: true });
  }
  return copy;
};

type Fields = Readonly<Record<string, (value: unknown) => unknown>>;

/** The format's text as the format defines it, written plainly: a sorted copy of every object that has no fixed layout. */
function referenceText(doc: FlowDocument): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (!isRecord(value)) return value;
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted(value[key])]),
    );
  };
  const fixed =
    (keys: readonly string[], fields: Fields = {}) =>
    (value: unknown): unknown =>
      isRecord(value) ? Object.fromEntries(keys.map((key) => [key, (fields[key] ?? sorted)(value[key])])) : sorted(value);
  const node = fixed(['id', 'type', 'chain', 'position', 'data'], { position: fixed(['x', 'y']) });
  const edge = fixed(['id', 'source', 'target', 'kind']);
  const { nodes, edges } = canonicalOrder(doc);
  const document = fixed(
    [
      '$schema',
      'format',
      'planId',
      'versionName',
      'agentContext',
      'agentNotes',
      'systemPrompt',
      'startNodeId',
      'viewport',
      'nodes',
      'edges',
      'workflows',
    ],
    { viewport: fixed(['x', 'y', 'zoom']), nodes: () => nodes.map(node), edges: () => edges.map(edge) },
  );
  return `${JSON.stringify(document(doc), null, 2)}\n`;
}

/** A flow as the editor may hold it: keys in any order, read back from its own text, or with fields the format leaves out. */
const heldFlow: fc.Arbitrary<FlowDocument> = fc
  .tuple(validFlow, fc.constantFrom('built', 'reversed', 'read back', 'stray fields'))
  .map(([doc, form]) => {
    if (form === 'reversed') {
      const shaped = checkFlowShape(reversed(doc));
      return shaped.ok ? shaped.doc : doc;
    }
    if (form === 'read back') {
      const parsed = parseFlow(serializeFlow(doc));
      return parsed.ok ? parsed.doc : doc;
    }
    if (form === 'stray fields') {
      return {
        ...doc,
        nodes: doc.nodes.map((n, i) => (i % 2 === 0 ? { ...n, selected: true } : n)),
        edges: doc.edges.map((e) => ({ ...e, animated: true })),
      };
    }
    return doc;
  });

describe('serializeFlow (properties)', () => {
  it('writes what a plain sorted copy of the flow gives, whatever order and fields its objects hold', () => {
    fc.assert(
      fc.property(heldFlow, (doc) => {
        expect(serializeFlow(doc)).toBe(referenceText(doc));
      }),
    );
  });

  it('writes a text that parses back to a document written the same way', () => {
    fc.assert(
      fc.property(validFlow, (doc) => {
        const text = serializeFlow(doc);
        const parsed = parseFlow(text);
        expect(parsed.findings).toEqual([]);
        expect(parsed.ok && serializeFlow(parsed.doc)).toBe(text);
      }),
    );
  });

  it('does not depend on the order nodes and edges come in', () => {
    fc.assert(
      fc.property(validFlow, fc.func(fc.integer()), (doc, key) => {
        const shuffle = <T>(list: readonly T[]): T[] =>
          list
            .map((item, i) => ({ item, k: key(i) }))
            .sort((a, b) => a.k - b.k)
            .map((e) => e.item);
        expect(serializeFlow({ ...doc, nodes: shuffle(doc.nodes), edges: shuffle(doc.edges) })).toBe(serializeFlow(doc));
      }),
    );
  });

  it('does not depend on the order of the keys of any object in it', () => {
    fc.assert(
      fc.property(validFlow, (doc) => {
        const text = serializeFlow(doc);
        const shuffled = reversed(doc);
        const parsed = checkFlowShape(shuffled);
        expect(parsed.ok && serializeFlow(parsed.doc)).toBe(text);
      }),
    );
  });

  it('generates only flows that validate without errors (unknown function types only warn)', () => {
    fc.assert(
      fc.property(validFlow, (doc) => {
        expect(validateFlow(doc).filter((f) => f.severity === 'error')).toEqual([]);
      }),
    );
  });
});
