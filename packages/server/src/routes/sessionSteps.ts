import { errorMessage } from '@flow/core';
import { allowsPrivateNetwork, createModelClient, modelSettings, runStep, skillsFromEnv, type ModelClient } from '@flow/runtime';
import { readJson } from '../http/body.js';
import { HttpError, badRequest, notFound } from '../http/HttpError.js';
import { sendJson } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import { isRecord, isStringMap } from '../guards.js';
import type { Services } from '../services.js';
import type { RuntimeOptions } from './runtime.js';

/**
 * POST /api/sessions/{planId}/{sessionId}/steps/{index}: runs one step of a hosted session's
 * workflow with the variables so far (and, for a form, its answers), as the runtime runs it: the
 * hosted page walks the steps with it. Answers `{ step, variables, next }`; `next` is null after
 * the last step, or when this one failed or is not configured.
 */
export function sessionStepRoutes(services: Services, options: RuntimeOptions): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/api/sessions/:planId/:sessionId/steps/:index',
      async handler({ req, res, params }) {
        const session = await services.workflows.getSession(param(params, 'planId'), param(params, 'sessionId'));
        if (session === null) throw notFound('Session not found');
        const index = Number(param(params, 'index'));
        const steps = session.workflow.json.steps;
        const step = Number.isInteger(index) ? steps[index] : undefined;
        if (step === undefined) throw notFound(`The workflow has no step ${params.index ?? ''}`);
        const body = await readJson(req);
        if (!isRecord(body)) throw badRequest('Body must be an object with variables and, for a form, answers');
        const variables = body.variables ?? {};
        const answers = body.answers ?? {};
        if (!isStringMap(variables) || !isStringMap(answers)) throw badRequest('variables and answers must map names to text');
        let skills: Record<string, string>;
        try {
          skills = skillsFromEnv(options.env);
        } catch (error) {
          throw new HttpError(503, 'BAD_SETTINGS', errorMessage(error));
        }
        let model: ModelClient | undefined;
        try {
          model = createModelClient(modelSettings({}, options.env));
        } catch {
          // Only a model step needs one; it says so when it runs.
        }
        const trace = await runStep(step, variables, {
          ...(model ? { model } : {}),
          skills,
          allowPrivateNetwork: allowsPrivateNetwork(options.env.FLOW_RUNTIME_ALLOW_PRIVATE),
          ask: async (field) => {
            // Own keys only: a field named `toString` has no answer until the form gives one.
            const answer = Object.hasOwn(answers, field.name) ? answers[field.name] : undefined;
            if (answer === undefined || answer.trim() === '') throw new Error(`Please fill in ${field.label}`);
            return answer;
          },
        });
        const next = trace.status === 'done' && index + 1 < steps.length ? index + 1 : null;
        sendJson(res, 200, { step: trace, variables: { ...variables, ...trace.variables }, next });
      },
    },
  ];
}
