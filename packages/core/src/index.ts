export * from './model/types.js';
export * from './format/types.js';
export * from './messages.js';
export * from './format/walk.js';
export * from './graph/edges.js';
export * from './graph/result.js';
export * from './graph/placement.js';
export * from './graph/chains.js';
export * from './graph/addNode.js';
export * from './graph/addChains.js';
export * from './graph/connect.js';
export * from './graph/removeNodes.js';
export * from './graph/clipboard.js';
export * from './graph/analyzeChains.js';
export * from './graph/chainFlow.js';
export * from './graph/invariants.js';
export * from './graph/fromProvider.js';
export * from './history/history.js';
export * from './api/client.js';
export { createPlanDirectory, type PlanDirectory } from './api/planDirectory.js';
export * from './api/errors.js';
export { createSseParser, sseEvents, type SseEvent, type SseParser } from './api/sse.js';
export type { ClientOptions, FetchLike, FetchResponse } from './api/transport.js';
export { DEFAULT_TIMEOUT_MS, DEFAULT_RETRIES, DEFAULT_RETRY_DELAY_MS } from './api/transport.js';
export type { PlanCalls, GenerateSystemPromptRequest, DeconstructFlowRequest, CustomSystemPrompt } from './api/planCalls.js';
export type { WorkflowCalls, WorkflowDraft, SavedWorkflow } from './api/workflowCalls.js';
export type { FlowCalls, LoadedFlow, SavedFlow, PublishedFlow, RolledBackFlow } from './api/flowCalls.js';
export {
  CASSETTE_FORMAT,
  CASSETTE_SUFFIX,
  FLOW_FILE_SUFFIX,
  FLOWTEST_SUFFIX,
  readFlowTests,
  isFlowTests,
  type FlowTests,
  type LoadedTests,
  type TestCalls,
} from './api/testCalls.js';
export * from './api/evalResult.js';
export { EvalResultError, readEvalResult } from './api/readEvalResult.js';
export type { SecretCalls, SecretSummary } from './api/secretCalls.js';
export type { KeyCalls, AgentKeySummary } from './api/keyCalls.js';
export type {
  Conversation,
  ConversationCalls,
  ConversationEntry,
  ConversationPage,
  ConversationQuery,
  ConversationSummary,
  ConversationUsage,
} from './api/conversationCalls.js';
export { DEFAULT_CONVERSATION_PAGE, MAX_CONVERSATION_PAGE, conversationsPath, isConversationSummary } from './api/conversationCalls.js';
export * from './api/flowVersions.js';
export * from './diff/flowDiff.js';
export * from './diff/valueDiff.js';
export * from './review/diffMarkdown.js';
export { diffMermaid, touchedChains, MAX_DIAGRAM_NODES } from './diff/diffMermaid.js';
export { markdownCell, mermaidLabel, codeFence } from './diff/markdownEscape.js';
export { unifiedDiff } from './diff/unifiedDiff.js';
export * from './session/planSession.js';
export * from './session/describeEdits.js';
export type { PlanSummary } from './api/guards.js';
export { isFlowDocument } from './api/guards.js';
export {
  KEYS_PAGE_PATH,
  SECRETS_PAGE_PATH,
  conversationsPagePath,
  createWorkflowPath,
  dashboardPath,
  joinUrl,
  planPageGets,
  planPath,
  workflowsPath,
} from './api/paths.js';
export * from './model/options.js';
export * from './model/models.js';
export * from './functions/metadata.js';
export * from './model/paths.js';
export * from './model/errorMessage.js';
export * from './model/textCuts.js';
export * from './model/fields.js';
export * from './model/emoji.js';
export * from './model/ids.js';
export * from './model/agentKeys.js';
export * from './model/relativeTime.js';
export * from './model/secretText.js';
export * from './model/links.js';
export * from './functions/FunctionDefinition.js';
export * from './functions/registry.js';
export * from './functions/fieldRules.js';
export { DEFAULT_HTTP_CALL } from './functions/httpCalls.js';
export * from './graph/nodeData.js';
export * from './functions/quickFunctions.js';
export * from './rules/functionRules.js';
export * from './compile/FlowError.js';
export * from './compile/compileFlow.js';
export * from './compile/deconstructFlow.js';
export * from './compile/flowSteps.js';
export { metadataForReading } from './compile/metadataForReading.js';
export * from './functions/tools/toolHost.js';
export * from './functions/tools/templates.js';
export { httpCallTexts, httpRequestOf, refusals } from './functions/tools/httpRequest.js';
export * from './functions/tools/mcpToolTool.js';
export { mcpToolRuleMessages, type McpToolMetadata } from './functions/mcpTool.js';
export * from './compile/nodeSchema.js';
export * from './format/parseFlow.js';
export * from './format/limits.js';
export * from './format/serializeFlow.js';
export * from './format/schema.js';
export * from './rules/validateFlow.js';
export * from './model/ruleCodes.js';
export * from './rules/nodeProblems.js';
export * from './format/jsonPositions.js';
export * from './format/jsonPath.js';
export * from './functions/secretSlots.js';
export * from './secrets/mapSecretSlots.js';
export * from './secrets/secretPolicy.js';
export * from './secrets/providerSecrets.js';
export { isCredentialHeader, isSecretName } from './model/secretNames.js';
export * from './secrets/urlCredentials.js';
export * from './generate/generatedFlow.js';
export * from './generate/extractJsonObject.js';
export * from './generate/generateFlow.js';
export * from './generate/addGeneratedChain.js';
export * from './format/sharedJson.js';
