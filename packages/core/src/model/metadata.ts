/**
 * Metadata shape of each function type (spec section 3). Type aliases, not interfaces, so that
 * each shape stays assignable to the JsonObject of FunctionNodeData.metadata.
 */

export type { EnvRef, HttpHeader, NameDescription, NameValue, SecretValue } from './metadataParts.js';
export type { InstructMetadata } from '../functions/instruct.js';
export type { CustomGptMetadata } from '../functions/customGpt.js';
export type { HandleImageMetadata } from '../functions/handleImage.js';
export type { HttpCall, HttpCallsMetadata } from '../functions/httpCalls.js';
export type { CaptureVariablesMetadata } from '../functions/captureVariables.js';
export type { SeeWebsiteMetadata } from '../functions/seeWebsite.js';
export type { SendWorkflowMetadata } from '../functions/sendWorkflow.js';
export type { SetupReminderMetadata } from '../functions/setupReminder.js';
export type { GenerateGuiMetadata, GuiImageSettings, GuiUiSettings } from '../functions/generateGui.js';
export type { ChangeInstructionsMetadata } from '../functions/changeInstructions.js';
export type { GenerateKnowledgeBaseMetadata } from '../functions/generateKnowledgeBase.js';
export type { FunctionMetadataMap, FunctionMetadata } from '../functions/registry.js';
