import {
  FLOWTEST_SUFFIX,
  FLOW_FILE_SUFFIX,
  checkFlowShape,
  parseFlow,
  readFlowTests,
  referencedSecretNames,
  type FlowDocument,
  type FlowTests,
} from '@flow/core';
import { allowsPrivateNetwork, readCassetteFile, readFlowTestFile, runFlowTests, type FlowTestSource } from '@flow/runtime';
import { BODY_LIMITS, readJson } from '../http/body.js';
import { HttpError, badRequest, flowNotFound } from '../http/HttpError.js';
import { checkPreconditions, writePreconditions } from '../http/preconditions.js';
import { sendJson } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import type { Services } from '../services.js';
import type { SavedTests, StoredTests } from '../store/testStore.js';
import type { RuntimeOptions } from '../serving/flowAgent.js';
import { isRecord } from '../guards.js';
import { chatModel } from './runtime.js';

/** What a dataset file name in a test kept by the provider meets: it keeps no files but the tests. */
export const NO_DATASETS_HERE =
  'The provider keeps no dataset files: give the cases inline ("cases": [...]), or run this test with flowctl test';

/** The test document and its cassette as the test runner reads them, with the flow to run them against. */
function providerSource(tests: FlowTests, doc: FlowDocument): FlowTestSource {
  return {
    readTestFile: async () => JSON.stringify(tests.flowtest),
    loadFlow: async () => doc,
    readCases: async () => {
      throw new Error(NO_DATASETS_HERE);
    },
    readCassette: async () => tests.cassette,
    // A run here never records: the cassette changes only by a PUT (Save as test, flowctl publish).
    writeCassette: async () => {
      throw new Error('The provider does not record cassettes');
    },
  };
}

/** A problem with a test document or its cassette, checked as flowctl test reads them; null when both are fine. */
function testsProblem(tests: FlowTests): string | null {
  const read = readFlowTestFile(tests.flowtest);
  if (!read.ok) return `flowtest: ${read.problem}`;
  if (tests.cassette === null) return null;
  try {
    readCassetteFile(tests.cassette);
    return null;
  } catch (error) {
    return `cassette: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The tests of a version that has a flow: 404 FLOW_NOT_FOUND without one, TESTS_NOT_FOUND without tests, 422 when not valid. */
async function existingTests(services: Services, planId: string, versionName: string): Promise<SavedTests> {
  if (!(await services.flows.read(planId, versionName)).exists) throw flowNotFound(planId, versionName);
  const stored: StoredTests = await services.tests.read(planId, versionName);
  if (!stored.exists) throw new HttpError(404, 'TESTS_NOT_FOUND', `${planId}/${versionName} has no tests`);
  const { tests } = stored;
  if (tests === null) throw new HttpError(422, 'STORED_TESTS_INVALID', 'The stored tests are not valid tests: fix or replace them');
  return { ...stored, tests };
}

/**
 * GET/PUT /api/flows/{planId}/{versionName}/tests: the version's `*.flowtest.json` document and its
 * cassette, `{ flowtest, cassette }`, with an ETag and the flow's own precondition rules.
 */
export function flowTestRoutes(services: Services, runtime: RuntimeOptions): Route[] {
  const pattern = '/api/flows/:planId/:versionName/tests';
  const ids = (params: Record<string, string>): [string, string] => [param(params, 'planId'), param(params, 'versionName')];
  return [
    {
      method: 'GET',
      pattern,
      async handler({ res, params }) {
        const stored = await existingTests(services, ...ids(params));
        sendJson(res, 200, stored.tests, { ETag: stored.etag, 'Cache-Control': 'no-cache' });
      },
    },
    {
      method: 'PUT',
      pattern,
      async handler({ req, res, params }) {
        const [planId, versionName] = ids(params);
        const pre = writePreconditions(req);
        const body = readFlowTests(await readJson(req, BODY_LIMITS.flow));
        if (!body.ok) throw badRequest(body.problem);
        const problem = testsProblem(body.tests);
        if (problem !== null) throw badRequest(problem);
        // Kept beside the flow, the tests name its file there, whatever file they named before.
        const { flowtest, cassette } = body.tests;
        const tests: FlowTests = { flowtest: { ...flowtest, flow: `${versionName}${FLOW_FILE_SUFFIX}` }, cassette };
        const saved = await services.tests.update(planId, versionName, (current) => {
          checkPreconditions(pre, current, 'required');
          return tests;
        });
        sendJson(res, 200, { etag: saved.etag }, { ETag: saved.etag });
      },
    },
    {
      // Runs the version's tests: against the flow the editor sends (as on screen) or the stored one;
      // replayed from the cassette, or live with the provider's model and the flow's secrets.
      method: 'POST',
      pattern: `${pattern}/run`,
      async handler({ req, res, params }) {
        const [planId, versionName] = ids(params);
        const body = await readJson(req, BODY_LIMITS.flow);
        if (body !== undefined && body !== null && !isRecord(body))
          throw badRequest('Body must be an object with doc and live, both optional');
        const given = isRecord(body) ? body : {};
        if (given.live !== undefined && typeof given.live !== 'boolean') throw badRequest('live must be true or false');
        const { tests } = await existingTests(services, planId, versionName);
        let doc: FlowDocument;
        if (given.doc !== undefined) {
          const shape = checkFlowShape(given.doc);
          if (!shape.ok) throw badRequest(`doc is not a flow: ${shape.findings[0]?.message ?? 'invalid'}`, 'INVALID_FLOW');
          doc = shape.doc;
        } else {
          const stored = await services.flows.read(planId, versionName);
          const parsed = stored.exists ? parseFlow(stored.text) : null;
          if (parsed === null || !parsed.ok) throw flowNotFound(planId, versionName);
          doc = parsed.doc;
        }
        const live = given.live === true;
        const model = live ? chatModel(undefined, runtime.env) : undefined;
        // Only the secrets this flow names, only from the store (as the Playground's agent).
        const { values } = live ? await runtime.secrets.values(referencedSecretNames(doc)) : { values: {} };
        const result = await runFlowTests({
          files: [`${versionName}${FLOWTEST_SUFFIX}`],
          source: providerSource(tests, doc),
          mode: live ? 'live' : 'replay',
          env: values,
          allowPrivateNetwork: allowsPrivateNetwork(runtime.env.FLOW_RUNTIME_ALLOW_PRIVATE),
          ...(model ? { model } : {}),
        });
        sendJson(res, 200, result, { 'Cache-Control': 'no-store' });
      },
    },
  ];
}
