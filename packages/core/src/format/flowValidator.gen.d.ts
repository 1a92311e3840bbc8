// Types of the validators generated into flowValidator.gen.js (scripts/writeSchema.ts).
import type { ErrorObject } from 'ajv';
import type { FlowDocument, FunctionNodeData } from './flowSchema.js';

export interface GeneratedValidator<T> {
  (value: unknown): value is T;
  errors?: ErrorObject[] | null;
}

export declare const validateFlowDocument: GeneratedValidator<FlowDocument>;
export declare const validateFunctionData: GeneratedValidator<FunctionNodeData>;
export declare const validateTypedFunctionData: GeneratedValidator<FunctionNodeData>;
