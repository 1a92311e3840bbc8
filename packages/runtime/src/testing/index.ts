export { startScriptedModel, type RecordedChat, type ScriptedModelServer, type ScriptedReply } from './scriptedModelServer.js';
