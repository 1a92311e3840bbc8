export { createAgent, type Agent, type AgentOptions, type ToolCallTrace, type TurnOptions, type TurnTrace } from './agent.js';
export { prepareFlow, preparedOf, type PreparedFlow } from './preparedFlow.js';
export type { ChatMessage, ModelReply, ToolCallRequest, ToolSpec } from './chat.js';
export { DEFAULT_LIMITS, type RuntimeLimits, type ToolResult } from './executeTool.js';
export { ModelError, createModelClient, generateModelOf, type ModelClient, type ModelClientOptions } from './modelClient.js';
export { BlockedAddressError, isPrivateAddress, type AddressRule, type Resolve } from './netGuard.js';
export {
  MAX_REDIRECTS,
  guardedFetch,
  type GuardPolicy,
  type GuardedRequestInit,
  type GuardedResponse,
  type NetworkSeams,
} from './guardedFetch.js';
export { MODEL_ENV, ModelNotConfiguredError, allowsPrivateNetwork, modelSettings, skillsFromEnv, type ModelSettings } from './settings.js';
export { flowTools, toolName, type FlowTool } from './tools.js';
export { McpServerError, callMcpTool, listMcpTools, mcpClientMessages, type McpPolicy } from './mcpClient.js';
export { otlpTracesUrl, startTelemetry, type AgentTelemetry, type Telemetry } from './telemetry.js';
export {
  emptyCassette,
  recordingModel,
  recordingTools,
  replayModel,
  replayTools,
  type Cassette,
  type RecordedMcpListing,
  type RecordedModelReply,
  type RecordedToolCall,
  type ToolTape,
} from './cassette.js';
export {
  BUILT_IN_SKILLS,
  runStep,
  runWorkflow,
  stepFields,
  type StepTrace,
  type WorkflowRun,
  type WorkflowRunOptions,
} from './workflowRunner.js';
export {
  ASSERTION_KINDS,
  EVAL_RESULT_FORMAT,
  EvalResultError,
  readEvalResult,
  type AssertionKind,
  type AssertionResult,
  type CaseChange,
  type CaseResult,
  type CaseRun,
  type EvalMode,
  type EvalResult,
  type EvalTranscriptTurn,
  type FileResult,
} from '@flow/core';
export {
  DEFAULT_SIMULATED_TURNS,
  MAX_SIMULATED_TURNS,
  type FlowTest,
  type FlowTestCase,
  type FlowTestFile,
  type FlowTestTurn,
  type JudgeExpectation,
  type ReplyExpectation,
  type SimulatedUser,
  type ToolCallExpectation,
  type TurnExpectation,
} from './evals/flowTest.js';
export { parseCasesText, parseFlowTestText, readFlowTestFile, type FlowTestRead } from './evals/testFile.js';
export { cassetteFileText, cassettePath, readCassetteFile, type CaseCassette } from './evals/cassetteFile.js';
export { checkExpectation } from './evals/assertions.js';
export { judgeReply } from './evals/judge.js';
export { DEFAULT_CONCURRENCY, runFlowTests, type FlowTestSource, type RunFlowTestsOptions } from './evals/runner.js';
export { caseFailureReasons, compareWithBaseline } from './evals/baseline.js';
