const tails = new Map<string, Promise<void>>();

/**
 * Runs `task` after every earlier task of the same key has settled, so writes to one file never
 * interleave. Keys are absolute paths; the queue is shared by every server of the process.
 */
export function serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const result = previous.then(task);
  const tail = result.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return result;
}
