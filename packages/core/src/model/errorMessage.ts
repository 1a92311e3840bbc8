/**
 * What a caught value says: an Error's message, anything else as text.
 * @example errorMessage(new Error('disk full')) // 'disk full'
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
