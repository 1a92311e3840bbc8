import type { Style } from '../output.js';

/** Where a text formatter writes: result lines on stdout, notes and errors on stderr. */
export interface TextTarget {
  /** Colours of stdout. */
  style: Style;
  /** Colours of stderr. */
  errStyle: Style;
  quiet: boolean;
  /** A result line (stdout). */
  out(line: string): void;
  /** A note (stderr), left out with --quiet. */
  info(line: string): void;
  /** An error line (stderr), always shown. */
  error(line: string): void;
  /** A warning (stderr), always shown. */
  warn(message: string): void;
}
