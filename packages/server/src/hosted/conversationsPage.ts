import { conversationMessages, conversationsPagePath, type Conversation, type ConversationEntry, type ConversationPage } from '@flow/core';
import { PLAN_PAGES, dashboardLayout, type DashboardFrame } from './dashboardLayout.js';
import { html, timeHtml, type Html } from './html.js';

/** The Conversations page's words. */
export const CONVERSATIONS_TEXT = {
  title: PLAN_PAGES.conversations.title,
  search: 'Search messages',
  searchButton: 'Search',
  older: 'Older conversations',
  back: 'All conversations',
  noMatch: (search: string) => `No conversation mentions "${search}"`,
  user: 'User',
  assistant: 'Assistant',
} as const;

/** The transcript page of one conversation of a plan version. */
export const conversationPagePath = (planId: string, versionName: string, id: string): string =>
  `${conversationsPagePath(planId, versionName)}/${encodeURIComponent(id)}`;

/** The list of a plan version's conversations, newest first, with a search box and a link to the older ones. */
export function conversationsPage(
  frame: DashboardFrame,
  planId: string,
  versionName: string,
  listed: ConversationPage,
  search: string,
): string {
  const path = conversationsPagePath(planId, versionName);
  const empty = search === '' ? conversationMessages.noConversations(`${planId}/${versionName}`) : CONVERSATIONS_TEXT.noMatch(search);
  const list =
    listed.conversations.length === 0
      ? html`<p class="card muted" id="conversations">${empty}</p>`
      : html`<ul id="conversations" class="plain">${listed.conversations.map(
          (c) =>
            html`<li class="card"><a href="${conversationPagePath(planId, versionName, c.id)}">${c.preview || c.id}</a>
<p class="muted">${timeHtml(c.updatedAt)} · ${c.messages === 1 ? '1 message' : `${c.messages} messages`}${c.keyName === null ? '' : html` · key <code>${c.keyName}</code>`}</p></li>`,
        )}</ul>`;
  const more =
    listed.next === null
      ? html``
      : html`<p><a href="${`${path}?${new URLSearchParams({ ...(search === '' ? {} : { search }), before: listed.next }).toString()}`}">${CONVERSATIONS_TEXT.older}</a></p>`;
  const body = html`
<h1>${CONVERSATIONS_TEXT.title}</h1>
<form method="get" action="${path}" role="search" class="spread">
<label for="conversation-search" class="visually-hidden">${CONVERSATIONS_TEXT.search}</label>
<input id="conversation-search" name="search" type="search" value="${search}" placeholder="${CONVERSATIONS_TEXT.search}">
<button type="submit">${CONVERSATIONS_TEXT.searchButton}</button></form>
${list}
${more}`;
  return dashboardLayout(frame, 'conversations', body);
}

/** A tool call, closed: its name and time; open: its arguments, output or error. */
function toolCall(entry: Extract<ConversationEntry, { kind: 'tool' }>): Html {
  const args = Object.keys(entry.arguments).length === 0 ? '(none)' : JSON.stringify(entry.arguments, null, 2);
  const failed = entry.error === undefined ? html`` : html`<p class="error">Error: ${entry.error}</p>`;
  return html`<li class="tool"><details><summary>Tool <code>${entry.name}</code> · ${`${entry.ms} ms`}${entry.error === undefined ? '' : ' · failed'}</summary>
<h3>Arguments</h3><pre>${args}</pre>${failed}<h3>Output</h3><pre>${entry.output || '(empty)'}</pre></details></li>`;
}

function entryHtml(entry: ConversationEntry): Html {
  if (entry.kind === 'tool') return toolCall(entry);
  const who = entry.kind === 'user' ? CONVERSATIONS_TEXT.user : CONVERSATIONS_TEXT.assistant;
  const tokens = entry.kind === 'assistant' ? html` · ${`${entry.usage.inputTokens} in, ${entry.usage.outputTokens} out tokens`}` : html``;
  return html`<li class="card ${entry.kind}"><p class="muted"><strong>${who}</strong> · ${timeHtml(entry.at)}${tokens}</p><p class="message">${entry.content}</p></li>`;
}

/** One conversation's transcript: its messages in order, each tool call expandable. */
export function conversationPage(frame: DashboardFrame, conversation: Conversation): string {
  const { planId, versionName } = conversation;
  const key = conversation.keyName === null ? html`` : html` · key <code>${conversation.keyName}</code>`;
  const body = html`
<p><a href="${conversationsPagePath(planId, versionName)}">${CONVERSATIONS_TEXT.back}</a></p>
<h1>${conversation.preview || conversation.id}</h1>
<p class="muted">Started ${timeHtml(conversation.createdAt)} · last message ${timeHtml(conversation.updatedAt)}${key} · ${`${conversation.usage.inputTokens} in, ${conversation.usage.outputTokens} out tokens`} · <code>${conversation.id}</code></p>
<ol id="transcript" class="plain">${conversation.entries.map(entryHtml)}</ol>`;
  return dashboardLayout(frame, 'conversations', body, conversation.preview || conversation.id);
}
