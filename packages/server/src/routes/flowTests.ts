import { FLOW_FILE_SUFFIX, readFlowTests, type FlowTests } from '@flow/core';
import { BODY_LIMITS, readJson } from '../http/body.js';
import { HttpError, badRequest, flowNotFound } from '../http/HttpError.js';
import { checkPreconditions, writePreconditions } from '../http/preconditions.js';
import { sendJson } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import type { Services } from '../services.js';
import type { SavedTests, StoredTests } from '../store/testStore.js';

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
export function flowTestRoutes(services: Services): Route[] {
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
  ];
}
