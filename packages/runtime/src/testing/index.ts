export {
  startRecordingService,
  startScriptedModel,
  type RecordedChat,
  type RecordingService,
  type ScriptedModelServer,
  type ScriptedReply,
} from './scriptedModelServer.js';
export { httpToolFlow } from './httpToolFlow.js';
export { evalResultFixture } from './evalResultFixture.js';
