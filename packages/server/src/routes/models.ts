// GET /v1/models: the published agents an agent key may use, in OpenAI's shape (`id` = `planId/versionName`).
import { agentMessages, keyAllowsAgent } from '@flow/core';
import { sendJson } from '../http/respond.js';
import { param, type RequestContext, type Route } from '../http/router.js';
import type { Services } from '../services.js';
import { asOpenAiError, openAiError } from '../serving/openAiErrors.js';

/** One agent as OpenAI lists a model; `publishedAt` (ISO) is its `created`. */
const modelOf = (planId: string, versionName: string, publishedAt: string) => ({
  id: `${planId}/${versionName}`,
  object: 'model',
  created: Math.floor(Date.parse(publishedAt) / 1000),
  owned_by: 'flow',
});

/** The last publish of a plan version, or undefined for one never published. */
async function lastPublish(services: Services, planId: string, versionName: string) {
  const [latest] = await services.publishes.list(planId, versionName);
  return latest;
}

/** GET /v1/models, and /v1/models/{plan}[/{version}] for one (404 model_not_found when the key may not see it). */
export function modelRoutes(services: Services): Route[] {
  const one = async (planId: string, versionName: string, { req, res }: RequestContext): Promise<void> => {
    try {
      const grant = await services.agentKeys.check(req, { planId, versionName });
      for (const [name, value] of Object.entries(grant.headers)) res.setHeader(name, value);
      const latest = await lastPublish(services, planId, versionName);
      const model = `${planId}/${versionName}`;
      if (latest === undefined) throw openAiError(404, 'model_not_found', agentMessages.agentNotFound(model), { param: 'model' });
      sendJson(res, 200, modelOf(planId, versionName, latest.publishedAt));
    } catch (error) {
      throw asOpenAiError(error);
    }
  };
  return [
    {
      method: 'GET',
      pattern: '/v1/models',
      async handler({ req, res }) {
        try {
          const grant = await services.agentKeys.check(req, null);
          for (const [name, value] of Object.entries(grant.headers)) res.setHeader(name, value);
          const data = [];
          for (const { planId, versions } of await services.flows.listPlans()) {
            for (const versionName of versions) {
              if (!keyAllowsAgent(grant.agents, planId, versionName)) continue;
              const latest = await lastPublish(services, planId, versionName);
              if (latest !== undefined) data.push(modelOf(planId, versionName, latest.publishedAt));
            }
          }
          sendJson(res, 200, { object: 'list', data });
        } catch (error) {
          throw asOpenAiError(error);
        }
      },
    },
    {
      method: 'GET',
      pattern: '/v1/models/:planId',
      handler: (ctx) => one(param(ctx.params, 'planId'), 'production', ctx),
    },
    {
      method: 'GET',
      pattern: '/v1/models/:planId/:versionName',
      handler: (ctx) => one(param(ctx.params, 'planId'), param(ctx.params, 'versionName'), ctx),
    },
  ];
}
