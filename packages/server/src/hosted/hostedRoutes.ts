import { KEYS_PAGE_PATH, conversationMessages, dashboardPath } from '@flow/core';
import { badRequest, notFound } from '../http/HttpError.js';
import { requireId } from '../ids.js';
import { param, type Route } from '../http/router.js';
import { rollback } from '../routes/flows.js';
import type { Services } from '../services.js';
import { etagOf, matchesNoneMatch, sendBody } from '../http/respond.js';
import { CREATE_WORKFLOW_SCRIPT_PATH, createWorkflowPage } from './createWorkflowPage.js';
import { CREATE_WORKFLOW_SCRIPT } from './createWorkflowScript.js';
import { isConversationId } from '../conversations/conversationRecords.js';
import { conversationQuery } from '../routes/conversations.js';
import { conversationPage, conversationsPage } from './conversationsPage.js';
import { DASHBOARD_SWITCH_PATH, PLAN_PAGES, type DashboardFrameOf } from './dashboardLayout.js';
import { dashboardPage } from './dashboardPage.js';
import { sendPage } from './html.js';
import { SESSION_SCRIPT_PATH, sessionPage } from './sessionPage.js';
import { SESSION_SCRIPT } from './sessionScript.js';

/** Where the switcher's `at=plan/version` and `page` lead: that page of that plan version (400 for a bad name). */
function switchedPath(query: URLSearchParams): string | null {
  const at = query.get('at');
  if (at === null) return null;
  const [planId, versionName, ...rest] = at.split('/');
  if (rest.length > 0) throw badRequest('Choose a plan version: PLAN/VERSION', 'INVALID_ID');
  const page = query.get('page') === 'conversations' ? PLAN_PAGES.conversations : PLAN_PAGES.publishes;
  return page.path(requireId(planId, 'plan id'), requireId(versionName, 'version name'));
}

/** The hosted pages: create-workflow, session and the dashboard's plan pages (`frameOf` gives their header). */
export function hostedRoutes(services: Services, frameOf: DashboardFrameOf): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/hosted/create-workflow/:planId',
      handler({ res, params }) {
        sendPage(res, createWorkflowPage(param(params, 'planId')));
      },
    },
    ...(
      [
        [CREATE_WORKFLOW_SCRIPT_PATH, CREATE_WORKFLOW_SCRIPT],
        [SESSION_SCRIPT_PATH, SESSION_SCRIPT],
      ] as const
    ).map(([pattern, script]): Route => ({
      method: 'GET',
      pattern,
      handler({ req, res }) {
        const etag = etagOf(script);
        if (matchesNoneMatch(req.headers['if-none-match'], etag)) {
          res.writeHead(304, { ETag: etag });
          res.end();
          return;
        }
        sendBody(res, 200, 'text/javascript; charset=utf-8', script, { ETag: etag, 'Cache-Control': 'no-cache' });
      },
    })),
    {
      method: 'GET',
      pattern: '/hosted/session/:planId/:sessionId',
      async handler({ res, params }) {
        const session = await services.workflows.getSession(param(params, 'planId'), param(params, 'sessionId'));
        if (session === null) throw notFound('Session not found');
        sendPage(res, sessionPage(session));
      },
    },
    {
      // The switcher's form (no script): to the chosen plan version's page; without a choice, the first plan's.
      method: 'GET',
      pattern: DASHBOARD_SWITCH_PATH,
      async handler({ res, query }) {
        const at = (await frameOf(null)).at;
        const location = switchedPath(query) ?? (at === null ? KEYS_PAGE_PATH : dashboardPath(at.planId, at.versionName));
        res.writeHead(303, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': 0 });
        res.end();
      },
    },
    {
      method: 'GET',
      pattern: '/dashboard/:planId/:versionName',
      async handler({ res, params }) {
        const at = { planId: param(params, 'planId'), versionName: param(params, 'versionName') };
        const entries = await services.publishes.list(at.planId, at.versionName);
        sendPage(res, dashboardPage(await frameOf(at), at, entries));
      },
    },
    {
      // The Conversations page: newest first, `search` and `before` as the API takes them.
      method: 'GET',
      pattern: '/dashboard/:planId/:versionName/conversations',
      async handler({ res, params, query }) {
        const planId = param(params, 'planId');
        const versionName = param(params, 'versionName');
        const asked = new URLSearchParams(query);
        asked.set('plan', planId);
        asked.set('version', versionName);
        asked.delete('limit');
        const listed = await services.conversations.list(conversationQuery(asked));
        sendPage(res, conversationsPage(await frameOf({ planId, versionName }), planId, versionName, listed, query.get('search') ?? ''));
      },
    },
    {
      method: 'GET',
      pattern: '/dashboard/:planId/:versionName/conversations/:conversationId',
      async handler({ res, params }) {
        const id = param(params, 'conversationId');
        const stored = isConversationId(id) ? await services.conversations.get(id) : null;
        const conversation = stored?.conversation;
        // One plan version's page shows only its own conversations.
        if (
          conversation === undefined ||
          conversation.planId !== param(params, 'planId') ||
          conversation.versionName !== param(params, 'versionName')
        )
          throw notFound(conversationMessages.conversationNotFound(id));
        sendPage(
          res,
          conversationPage(await frameOf({ planId: conversation.planId, versionName: conversation.versionName }), conversation),
        );
      },
    },
    {
      // The dashboard's 'Roll back to this' form: publishes that publish's flow again, then shows the dashboard.
      method: 'POST',
      pattern: '/dashboard/:planId/:versionName/rollback/:publishId',
      async handler({ res, params }) {
        const planId = param(params, 'planId');
        const versionName = param(params, 'versionName');
        await rollback(services, planId, versionName, param(params, 'publishId'), null);
        res.writeHead(303, { Location: `/dashboard/${encodeURIComponent(planId)}/${encodeURIComponent(versionName)}` });
        res.end();
      },
    },
  ];
}
