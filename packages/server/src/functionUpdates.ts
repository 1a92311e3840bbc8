import {
  addChains,
  checkFlowShape,
  createFunctionData,
  isFunctionType,
  reconcile,
  withStartNode,
  type FlowDocument,
  type FunctionNodeData,
  type NewChainNode,
} from '@flow/core';
import { checkedFlow } from './flowCheck.js';
import { HttpError, badRequest } from './http/HttpError.js';
import { isJsonObject, isRecord } from './guards.js';
import { refuseReservedWord } from './ids.js';

/** Function data as a client sends it: at least a uuid; other fields replace the stored ones. */
export type FunctionInput = Record<string, unknown> & { uuid: string };

const MAX_UUID = 128;

/** Checks one function of a request body. */
export function functionInput(value: unknown, at: string): FunctionInput {
  if (!isRecord(value)) throw badRequest(`${at} must be an object`);
  const { uuid } = value;
  if (typeof uuid !== 'string' || uuid === '' || uuid.length > MAX_UUID) {
    throw badRequest(`${at}.uuid must be a non-empty string of at most ${MAX_UUID} characters`);
  }
  if (value.type !== undefined && typeof value.type !== 'string') throw badRequest(`${at}.type must be a string`);
  if (value.metadata !== undefined && !isJsonObject(value.metadata)) throw badRequest(`${at}.metadata must be an object`);
  return { ...value, uuid };
}

/** One function of a request body; a uuid that is a reserved word is refused like an id. */
export function checkedFunction(value: unknown, at: string): FunctionInput {
  if (isRecord(value)) refuseReservedWord(value.uuid, `${at}.uuid`);
  return functionInput(value, at);
}

/** The functions of an update-functions body (`{ functions: [...] }`), each checked. */
export function functionInputs(body: unknown): FunctionInput[] {
  if (!isRecord(body) || !Array.isArray(body.functions)) throw badRequest('Body must be an object with a functions array');
  return body.functions.map((fn: unknown, i) => checkedFunction(fn, `functions[${i}]`));
}

/** A placeholder for a new function, so that core places it; its data is replaced right after. */
function newFunctionData(input: FunctionInput, planId: string, now: string): FunctionNodeData {
  const type = typeof input.type === 'string' && isFunctionType(input.type) ? input.type : 'instruct';
  return createFunctionData(type, { uuid: input.uuid, planId }, now);
}

/**
 * Applies functions to a flow: a function node with the same uuid takes the given fields (a partial
 * update), any other function is added as the first node of a new chain, as `addNode` with
 * `newChain` places it (all of them in one pass). Edges stay as they are and decide the post
 * actions. The result is checked against the schema (400 with findings), then as PUT checks a
 * flow (422 INVALID_FLOW with findings: metadata by its type's definition, the limits, every rule).
 */
export function applyFunctions(doc: FlowDocument, inputs: readonly FunctionInput[], planId: string, now: string): FlowDocument {
  const known = new Set(doc.nodes.filter((n) => n.type === 'function').map((n) => n.id));
  const taken = new Set(doc.nodes.map((n) => n.id));
  const added: NewChainNode[] = [];
  for (const input of inputs) {
    if (known.has(input.uuid)) continue;
    if (taken.has(input.uuid)) throw badRequest(`Function uuid "${input.uuid}" is the id of a node that is not a function`);
    added.push({ type: 'function', data: newFunctionData(input, planId, now), id: input.uuid });
    known.add(input.uuid);
  }
  const placed = addChains(doc, added).doc;
  const byUuid = new Map(inputs.map((input) => [input.uuid, input]));
  const nodes: unknown[] = placed.nodes.map((node) => {
    const input = byUuid.get(node.id);
    if (node.type !== 'function' || input === undefined) return node;
    const type = typeof input.type === 'string' ? input.type : node.data.type;
    // A new function's given metadata goes over its type's defaults; an update replaces it whole.
    const fresh = !taken.has(node.id);
    const given = isJsonObject(input.metadata) ? input.metadata : undefined;
    const metadata = given === undefined ? node.data.metadata : fresh ? { ...node.data.metadata, ...given } : given;
    const data = { ...node.data, ...input, type, metadata, uuid: node.id, plan_id: node.data.plan_id || planId, updated_at: now };
    return { ...node, data };
  });
  const shape = checkFlowShape({ ...placed, nodes });
  if (!shape.ok) {
    throw new HttpError(400, 'BAD_REQUEST', 'Function data does not fit the flow format', { extra: { findings: shape.findings } });
  }
  return checkedFlow(withStartNode(reconcile(shape.doc))).doc;
}
