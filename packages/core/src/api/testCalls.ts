import { flowMessages } from '../messages.js';
import { isMissingEndpoint } from './flowCalls.js';
import { isJsonObject, isRecord } from '../model/paths.js';
import type { JsonObject } from '../model/types.js';
import { preconditionHeaders, type WritePrecondition } from './flowVersions.js';
import { planPath } from './paths.js';
import { requirePlanVersion } from './planCalls.js';
import { expectShape, parseJson } from './transport.js';
import type { Call, Reply, Transport } from './transport.js';

/** The format of a cassette: the model's answers and the tools' results a test recorded. */
export const CASSETTE_FORMAT = 'flow-cassette/1';

/** The file names of a flow's tests beside its file, `<name>.flow.json`: `<name>.flowtest.json`, `<name>.cassette.json`. */
export const FLOW_FILE_SUFFIX = '.flow.json';
export const FLOWTEST_SUFFIX = '.flowtest.json';
export const CASSETTE_SUFFIX = '.cassette.json';

/**
 * A plan version's tests as the provider keeps them beside its flow: the `*.flowtest.json`
 * document and its cassette (null when none was recorded).
 */
export interface FlowTests {
  flowtest: JsonObject;
  cassette: JsonObject | null;
}

/**
 * The FlowTests a value is, or what is wrong with it: `flowtest` an object with the `flow` file's
 * name and a `tests` list, `cassette` null or a `flow-cassette/1` object, nothing else.
 */
export function readFlowTests(value: unknown): { ok: true; tests: FlowTests } | { ok: false; problem: string } {
  if (!isRecord(value)) return { ok: false, problem: flowMessages.testsBodyShape };
  const { flowtest, cassette } = value;
  if (!isJsonObject(flowtest) || typeof flowtest.flow !== 'string' || !Array.isArray(flowtest.tests))
    return { ok: false, problem: flowMessages.testsFlowtestShape };
  if (cassette !== null && (!isJsonObject(cassette) || cassette.format !== CASSETTE_FORMAT))
    return { ok: false, problem: flowMessages.testsCassetteShape };
  const extra = Object.keys(value).find((key) => key !== 'flowtest' && key !== 'cassette');
  if (extra !== undefined) return { ok: false, problem: flowMessages.testsUnknownKey(extra) };
  return { ok: true, tests: { flowtest, cassette } };
}

/** True for a value of the FlowTests shape. */
export const isFlowTests = (value: unknown): value is FlowTests => readFlowTests(value).ok;

/** A plan version's tests and the version to send back as `If-Match`. */
export interface LoadedTests {
  tests: FlowTests;
  etag: string | null;
}

/** The local provider's tests of a plan version (an extension of spec section 7). */
export interface TestCalls {
  /** GET /api/flows/{planId}/{versionName}/tests: null when the version has none or the provider has no such endpoint. */
  getFlowTests(planId: string, versionName: string): Promise<LoadedTests | null>;
  /**
   * PUT /api/flows/{planId}/{versionName}/tests: `ifMatch` the version read, or `create` when there
   * was none; null when the provider has no such endpoint (it keeps no tests).
   */
  putFlowTests(
    planId: string,
    versionName: string,
    tests: FlowTests,
    precondition: WritePrecondition,
  ): Promise<{ etag: string | null } | null>;
}

const isNotFound = (reply: Reply): boolean => reply.status === 404 || reply.status === 405 || reply.status === 501;

/** The test calls over one transport (the bearer token, as every plan call). */
export function createTestCalls(transport: Transport): TestCalls {
  const path = (planId: string, versionName: string): string => {
    requirePlanVersion(planId, versionName);
    return planPath('flows', planId, versionName, 'tests');
  };
  return {
    async getFlowTests(planId, versionName) {
      const call: Call = { method: 'GET', path: path(planId, versionName), audience: 'plan', failure: flowMessages.failedToLoadTests };
      const reply = await transport.exchange(call);
      // No tests, no such flow or no such endpoint: in every case there are none to fetch.
      if (isNotFound(reply)) return null;
      if (!reply.ok) throw transport.httpError(call, reply);
      return { tests: expectShape(parseJson(reply.text), isFlowTests), etag: reply.headers.get('ETag') };
    },
    async putFlowTests(planId, versionName, tests, precondition) {
      // Never `writes`: that table holds the flow's own version, which the tests' ETag is not.
      const call: Call = {
        method: 'PUT',
        path: path(planId, versionName),
        audience: 'plan',
        body: tests,
        headers: preconditionHeaders(precondition, null),
        failure: flowMessages.failedToSaveTests,
      };
      const reply = await transport.exchange(call);
      if (isMissingEndpoint(reply)) return null;
      if (!reply.ok) throw transport.httpError(call, reply);
      return { etag: reply.headers.get('ETag') };
    },
  };
}
