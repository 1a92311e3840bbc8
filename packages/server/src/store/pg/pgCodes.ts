// What PostgreSQL's error codes tell the stores, for the tables that share them.

const UNIQUE_VIOLATION = '23505';

/** True for a refused insert of a key another server inserted first: the change is computed again. */
export const isUniqueViolation = (error: unknown): boolean => error instanceof Error && 'code' in error && error.code === UNIQUE_VIOLATION;
