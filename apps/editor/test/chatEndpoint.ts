// The provider side of the <flow-chat> browser test, in one place: a real local provider on
// 127.0.0.1 that serves /embed.js, its agent keys (CORS for the origins a key lists, 403
// origin_not_allowed for others) and /v1/chat/completions over a published agent, whose model is
// the project's scripted one. What the chat sent is read back from the provider's conversation log.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addNode, createClient, createPromptData, emptyFlow, type FlowDocument } from '@flow/core';
import { startScriptedModel } from '@flow/runtime/testing';
import { startServer, type RunningServer } from '@flow/server';

export interface ChatEndpoint {
  /** The provider's base URL: it serves /embed.js and /v1/chat/completions. */
  url: string;
  /** The agent the page's element names (`model`). */
  agent: string;
  /** A key that lists the page's origin. */
  key: string;
  /** A key that lists another origin only. */
  refusedKey: string;
  /** The model's next answer, streamed in pieces; its last piece waits for `release()`. */
  nextAnswer(text: string): { release(): void; lastSent: () => boolean };
  /** How many requests reached the agent's model. */
  modelRequests(): number;
  /**
   * Each user message the provider answered, in order, from its conversation log: the conversation
   * id the chat sent (null for a new conversation), the message, and the conversation it went to.
   */
  received(): Promise<{ sent: string | null; message: string; conversationId: string }[]>;
  close(): Promise<void>;
}

const AGENT = 'support-desk';

/** The published agent: one instruction, no tools. */
function supportFlow(): FlowDocument {
  const { doc } = addNode(
    { ...emptyFlow(AGENT, 'production'), agentContext: 'Support for the shop.' },
    { type: 'prompt', data: createPromptData('Help with orders.') },
    { currentChain: '0', newChain: true, id: 'intro' },
  );
  return doc;
}

/** Starts the provider for a page served from `pageOrigin`, with the support-desk agent published. */
export async function startChatEndpoint(pageOrigin: string): Promise<ChatEndpoint> {
  const dir = await mkdtemp(join(tmpdir(), 'flow-chat-'));
  const model = await startScriptedModel();
  const server: RunningServer = await startServer({
    port: 0,
    dir,
    seedDir: null,
    log: () => undefined,
    runtimeEnv: { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'scripted-1' },
  });
  const client = createClient({ baseUrl: server.url });
  const doc = supportFlow();
  const publish = await fetch(`${server.url}/api/flows/${AGENT}/production/publish`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'If-None-Match': '*' },
    body: JSON.stringify(doc),
  });
  if (publish.status !== 200) throw new Error(`publish: ${String(publish.status)} ${await publish.text()}`);
  const key = (await client.createKey({ name: 'web-shop', agents: [AGENT], origins: [pageOrigin] })).key;
  const refusedKey = (await client.createKey({ name: 'other-site', agents: [AGENT], origins: ['https://other.example.com'] })).key;
  return {
    url: server.url,
    agent: AGENT,
    key,
    refusedKey,
    modelRequests: () => model.requests.length,
    async received() {
      const page = await client.listConversations({ planId: AGENT, versionName: 'production' });
      const all = await Promise.all(page.conversations.map((c) => client.getConversation(c.id)));
      const turns: { at: string; sent: string | null; message: string; conversationId: string }[] = [];
      for (const conversation of all) {
        if (conversation === null) continue;
        let first = true;
        for (const entry of conversation.entries) {
          if (entry.kind !== 'user') continue;
          turns.push({ at: entry.at, sent: first ? null : conversation.id, message: entry.content, conversationId: conversation.id });
          first = false;
        }
      }
      return turns.sort((a, b) => a.at.localeCompare(b.at)).map(({ sent, message, conversationId }) => ({ sent, message, conversationId }));
    },
    nextAnswer(text) {
      let release = (): void => undefined;
      const holdLast = new Promise<void>((done) => (release = done));
      const before = model.answered;
      model.push({ content: text, holdLast });
      return { release: () => release(), lastSent: () => model.answered > before };
    },
    async close() {
      await server.close();
      await model.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
