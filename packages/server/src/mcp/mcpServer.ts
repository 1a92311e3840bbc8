// The MCP server of one request to /mcp: a tool per published agent the key may use, each a turn
// of the agent service. Built anew for every request (the route is stateless): the tools are what
// the store and the key say now, and a conversation goes on from the conversation log by its id.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mcpMessages } from '@flow/core';
import { z } from 'zod';
import serverPackage from '../../package.json' with { type: 'json' };
import { HttpError } from '../http/HttpError.js';
import { AgentError, type AgentService } from '../serving/agentService.js';
import type { PublishHistory } from '../store/storage.js';
import { toolNames } from './toolNames.js';

/** A published agent as an MCP tool. */
export interface AgentTool {
  name: string;
  planId: string;
  versionName: string;
  /** The flow's agent context as last published, trimmed; a sentence naming the agent when it has none. */
  description: string;
}

/** `plan` for production, `plan/version` otherwise: how a tool's title names its agent. */
const agentLabel = (planId: string, versionName: string): string => (versionName === 'production' ? planId : `${planId}/${versionName}`);

/** Every published agent as a tool, named over all of them (toolNames) so a name is the same for every key. */
export async function agentTools(publishes: PublishHistory): Promise<AgentTool[]> {
  return toolNames(await publishes.latest()).map(({ name, agent: { planId, versionName, entry } }) => ({
    name,
    planId,
    versionName,
    // A publish records the flow's agent context as its prompt's prefix (promptOf).
    description: entry.system_message_prefix.trim() || mcpMessages.toolDescription(agentLabel(planId, versionName)),
  }));
}

const inputSchema = {
  message: z.string().describe(mcpMessages.messageField),
  conversation_id: z.string().max(200).optional().describe(mcpMessages.conversationField),
};
const outputSchema = {
  reply: z.string().describe(mcpMessages.replyField),
  conversation_id: z.string().describe(mcpMessages.conversationIdField),
};

const failed = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

export interface McpServerOptions {
  /** The tools of the agents the key may use. */
  tools: readonly AgentTool[];
  agents: AgentService;
  /** The key's name, written in the conversation log of each turn. */
  keyName: string;
  /** Where a tool's unexpected failure is reported (the caller gets a plain sentence). */
  log: (line: string) => void;
}

/**
 * The MCP server of one request. A tool answers with the reply as text and `{ reply,
 * conversation_id }` as structured content; a turn that fails (agent or conversation not found,
 * model down or not configured, bad input) is a tool result with `isError` and the reason.
 */
export function mcpServerOf({ tools, agents, keyName, log }: McpServerOptions): McpServer {
  // The tools capability is declared even when the key may use no agent: tools/list then answers [].
  const server = new McpServer({ name: 'flow', version: serverPackage.version }, { capabilities: { tools: {} } });
  for (const tool of tools) {
    const { planId, versionName } = tool;
    server.registerTool(
      tool.name,
      { title: agentLabel(planId, versionName), description: tool.description, inputSchema, outputSchema },
      async ({ message, conversation_id }): Promise<CallToolResult> => {
        try {
          const answer = await agents.turn({
            planId,
            versionName,
            messages: [{ role: 'user', content: message }],
            keyName,
            ...(conversation_id === undefined ? {} : { conversationId: conversation_id }),
          });
          return {
            content: [{ type: 'text', text: answer.reply }],
            structuredContent: { reply: answer.reply, conversation_id: answer.conversationId },
          };
        } catch (error) {
          if (error instanceof AgentError || error instanceof HttpError) return failed(error.message);
          log(`flow server: MCP tool ${tool.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          return failed(mcpMessages.internalError);
        }
      },
    );
  }
  return server;
}
