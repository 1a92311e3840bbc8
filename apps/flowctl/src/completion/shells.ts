/** The shells `flowctl completion` writes a script for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];
export const isShell = (value: unknown): value is Shell => SHELLS.some((s) => s === value);
