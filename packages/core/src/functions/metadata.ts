/**
 * Metadata shape of each function type (spec section 3). Type aliases, not interfaces, so that
 * each shape stays assignable to the JsonObject of FunctionNodeData.metadata.
 */

export type { EnvRef, HttpHeader, NameDescription, NameValue, SecretValue } from '../model/metadataParts.js';
export type { InstructMetadata } from './instruct.js';
export type { CustomGptMetadata } from './customGpt.js';
export type { HandleImageMetadata } from './handleImage.js';
export type { HttpCall, HttpCallsMetadata } from './httpCalls.js';
export type { CaptureVariablesMetadata } from './captureVariables.js';
export type { SeeWebsiteMetadata } from './seeWebsite.js';
export type { SendWorkflowMetadata } from './sendWorkflow.js';
export type { SetupReminderMetadata } from './setupReminder.js';
export type { GenerateGuiMetadata, GuiImageSettings, GuiUiSettings } from './generateGui.js';
export type { ChangeInstructionsMetadata } from './changeInstructions.js';
export type { GenerateKnowledgeBaseMetadata } from './generateKnowledgeBase.js';
export type { FunctionMetadataMap, FunctionMetadata } from './registry.js';
