import { MAX_CONVERSATION_PAGE, conversationMessages, type ConversationQuery } from '@flow/core';
import { isConversationId } from '../conversations/conversationRecords.js';
import { HttpError, badRequest } from '../http/HttpError.js';
import { sendJson } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import { requireId } from '../ids.js';
import type { Services } from '../services.js';

/** The longest text a conversation search takes. */
const MAX_SEARCH = 200;
/** A `before` cursor: an ISO time, optionally `~` and a conversation id. */
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z(~conv_[A-Za-z0-9_-]{22})?$/;

/** A listing's query from the request's parameters, each checked; 400 with the reason otherwise. */
export function conversationQuery(query: URLSearchParams): ConversationQuery {
  const planId = requireId(query.get('plan') ?? '', 'plan');
  const version = query.get('version');
  const search = query.get('search') ?? '';
  if (search.length > MAX_SEARCH) throw badRequest(`search is text of at most ${MAX_SEARCH} characters`);
  const limitText = query.get('limit');
  const limit = limitText === null ? undefined : Number(limitText);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_CONVERSATION_PAGE))
    throw badRequest(`limit is a whole number from 1 to ${MAX_CONVERSATION_PAGE}`);
  const before = query.get('before');
  if (before !== null && !CURSOR.test(before)) throw badRequest('before is the next of the page before (or an ISO time)');
  return {
    planId,
    ...(version === null ? {} : { versionName: requireId(version, 'version') }),
    ...(search === '' ? {} : { search }),
    ...(limit === undefined ? {} : { limit }),
    ...(before === null ? {} : { before }),
  };
}

/**
 * The conversation log's API (the editor's token, as every /api route): GET /api/conversations
 * (a plan's, newest first, `version`, `search`, `limit` and `before` to page) and
 * GET /api/conversations/{id} (one whole, its tool calls included; never the runtime's state).
 */
export function conversationRoutes(services: Services): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/api/conversations',
      async handler({ res, query }) {
        sendJson(res, 200, await services.conversations.list(conversationQuery(query)), { 'Cache-Control': 'no-store' });
      },
    },
    {
      method: 'GET',
      pattern: '/api/conversations/:conversationId',
      async handler({ res, params }) {
        const id = param(params, 'conversationId');
        const stored = isConversationId(id) ? await services.conversations.get(id) : null;
        if (stored === null) throw new HttpError(404, 'CONVERSATION_NOT_FOUND', conversationMessages.conversationNotFound(id));
        sendJson(res, 200, stored.conversation, { 'Cache-Control': 'no-store' });
      },
    },
  ];
}
