/** Output formats of `flowctl validate`: one list for the option's choices and the renderers. */
export const VALIDATE_FORMATS = ['text', 'json', 'github', 'sarif', 'junit'] as const;
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number];

/** Output formats of `flowctl test`. */
export const TEST_FORMATS = ['text', 'json', 'junit', 'markdown'] as const;
export type TestFormat = (typeof TEST_FORMATS)[number];
export const isTestFormat = (value: unknown): value is TestFormat => TEST_FORMATS.some((f) => f === value);

export const isValidateFormat = (value: unknown): value is ValidateFormat => VALIDATE_FORMATS.some((f) => f === value);

/** More warnings than `--max-warnings` allows (null: no limit). */
export function tooManyWarnings(report: { warnings: number; maxWarnings: number | null }): boolean {
  return report.maxWarnings !== null && report.warnings > report.maxWarnings;
}

/** Output formats of `flowctl diff`: markdown is the pull-request review. */
export const DIFF_FORMATS = ['text', 'json', 'markdown'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];
export const isDiffFormat = (value: unknown): value is DiffFormat => DIFF_FORMATS.some((f) => f === value);
