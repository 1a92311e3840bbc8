// Served requests that arrive together start in slices of the event loop, so that the model requests
// of each slice leave before the next slice is prepared. Without slices, fifty turns read in one poll
// are all prepared first (about half a millisecond each) and no model request leaves before the
// last turn is ready: undici writes a request on a reused connection only in the loop's check phase
// (GHSA-35p6-xmwp-9g52), and the check phase comes after the poll.

/** How long requests may start one after the other before the loop gets a turn to send what they asked. */
export const SLICE_MS = 2;

export interface RequestSlices {
  /** Resolves when the request may go on: in this loop turn's slice, or in a later one once this one has run its time. */
  enter(): Promise<void>;
}

/** Test seams: the clock a slice's time is read on, and its length. */
export interface SliceSeams {
  now?: () => number;
  sliceMs?: number;
}

/**
 * Each request that enters gets its own callback in the loop's check phase, so the promise jobs of
 * the requests let in before it run first (a turn goes as far as its model request). Once a slice
 * has run `sliceMs`, the requests still waiting go on in the next loop turn, after the requests the
 * slice made. Nothing waits for another request to end: one blocked on I/O holds no slice.
 */
export function createRequestSlices({ now = () => performance.now(), sliceMs = SLICE_MS }: SliceSeams = {}): RequestSlices {
  // When this loop turn's slice began (null: none yet), and whether it has run its time.
  let sliceStart: number | null = null;
  let full = false;
  const endSlice = (): void => {
    sliceStart = null;
    full = false;
  };
  function admit(resolve: () => void): void {
    if (sliceStart === null) {
      sliceStart = now();
      // Runs in the next loop turn before anything queued after it: the requests this slice sends, then the ones that wait.
      setImmediate(endSlice);
    } else if (full || now() - sliceStart >= sliceMs) {
      full = true;
      setImmediate(admit, resolve);
      return;
    }
    resolve();
  }
  return {
    enter: () => new Promise<void>((resolve) => setImmediate(admit, resolve)),
  };
}
