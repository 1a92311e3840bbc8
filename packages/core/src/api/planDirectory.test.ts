import { afterEach, describe, expect, it } from 'vitest';
import { flowMessages } from '../messages.js';
import { emptyFlow } from '../graph/fromProvider.js';
import { FlowConflictError } from './errors.js';
import { fakeProviders, rejectionOf, replyJson } from './fakeProvider.test-helper.js';
import type { Handler } from './fakeProvider.test-helper.js';
import { createPlanDirectory } from './planDirectory.js';

const providers = fakeProviders();
afterEach(() => providers.closeAll());

async function directoryFor(handler: Handler) {
  const provider = await providers.start(handler);
  return { plans: createPlanDirectory({ baseUrl: provider.baseUrl, token: 'tok-1', retries: 0 }), requests: provider.requests };
}

describe('createPlanDirectory', () => {
  it("lists the provider's plans as createClient's listPlans does", async () => {
    const list = [{ planId: 'demo', versions: ['production', 'v2'], updatedAt: '2026-11-23T10:00:00.000Z', nodeCount: 3 }];
    const { plans, requests } = await directoryFor((_request, response) => replyJson(response, 200, { plans: list }));
    await expect(plans.listPlans()).resolves.toEqual(list);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/plans' });
    expect(requests[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('says why the list failed in the words of the spec', async () => {
    const { plans } = await directoryFor((_request, response) => replyJson(response, 500, { error: { code: 'E', message: 'disk full' } }));
    const error = await rejectionOf(plans.listPlans());
    expect(error).toMatchObject({ status: 500, message: flowMessages.failedToListPlans('disk full') });
  });

  it('creates a plan with a PUT of its document only if nobody has it (If-None-Match: *)', async () => {
    const doc = emptyFlow('fresh', 'production');
    const { plans, requests } = await directoryFor((_request, response) => replyJson(response, 201, {}, { ETag: '"n1"' }));
    await expect(plans.createPlan('fresh', 'production', doc)).resolves.toEqual({ etag: '"n1"' });
    expect(requests[0]).toMatchObject({ method: 'PUT', url: '/api/flows/fresh/production' });
    expect(requests[0]?.headers['if-none-match']).toBe('*');
    expect(requests[0]?.headers['if-match']).toBeUndefined();
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual(doc);
  });

  it('rejects a plan someone already has with a FlowConflictError', async () => {
    const { plans } = await directoryFor((_request, response) =>
      replyJson(response, 412, { error: { code: 'PRECONDITION_FAILED', message: 'exists' } }),
    );
    await expect(rejectionOf(plans.createPlan('taken', 'production', emptyFlow('taken', 'production')))).resolves.toBeInstanceOf(
      FlowConflictError,
    );
  });
});
