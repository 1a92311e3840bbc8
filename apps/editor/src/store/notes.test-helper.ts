import type { Notifier } from './types';

/** A notifier for tests: every message (a progress note's outcome too) goes to `note`. */
export function notesTo(note: (message: string) => void): Notifier {
  return {
    success: note,
    error: note,
    info: note,
    progress: (message) => {
      note(message);
      return { succeed: note, fail: note, dismiss: () => undefined };
    },
  };
}
