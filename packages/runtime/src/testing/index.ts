export {
  startRecordingService,
  startScriptedModel,
  type RecordedChat,
  type RecordingService,
  type ScriptedModelServer,
  type ScriptedReply,
} from './scriptedModelServer.js';
export { httpToolFlow } from './httpToolFlow.js';
export { mcpToolFlow } from './mcpToolFlow.js';
export { startMcpTestServer, type McpTestServer } from './mcpTestServer.js';
export { evalResultFixture } from './evalResultFixture.js';
