/** Codes of the errors the compiler throws. */
export type FlowErrorCode = 'NO_CHAINS';

/** An error of the flow compiler, with a code callers can branch on and the spec's message. */
export class FlowError extends Error {
  readonly code: string;

  constructor(code: FlowErrorCode, message: string) {
    super(message);
    this.name = 'FlowError';
    this.code = code;
  }
}
