/** The BroadcastChannel on which the editor's tabs tell each other of a plan version's saves. */
const CHANNEL = 'flow:saves';

interface SaveMessage {
  planId: string;
  versionName: string;
  etag: string | null;
}

function isSaveMessage(value: unknown): value is SaveMessage {
  if (typeof value !== 'object' || value === null) return false;
  return (
    'planId' in value &&
    typeof value.planId === 'string' &&
    'versionName' in value &&
    typeof value.versionName === 'string' &&
    'etag' in value &&
    (value.etag === null || typeof value.etag === 'string')
  );
}

/**
 * Tells the other tabs of this browser when this plan version is saved here, and calls `onSaved`
 * when another tab saved it. `{ announce, destroy }`; without BroadcastChannel, both do nothing.
 */
export function createSaveChannel(planId: string, versionName: string, onSaved: (etag: string | null) => void) {
  if (typeof BroadcastChannel === 'undefined') return { announce: () => undefined, destroy: () => undefined };
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const { data } = event;
    if (isSaveMessage(data) && data.planId === planId && data.versionName === versionName) onSaved(data.etag);
  };
  return {
    announce: (etag: string | null) => channel.postMessage({ planId, versionName, etag } satisfies SaveMessage),
    destroy: () => channel.close(),
  };
}
