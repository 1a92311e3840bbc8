import type { SyncChannel } from './documentSync';

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
 * The tabs of this browser editing one plan version: a save here is announced to them, and theirs
 * reach `listen`. Without BroadcastChannel, nothing is sent or heard.
 */
export function createSaveChannel(planId: string, versionName: string): SyncChannel {
  if (typeof BroadcastChannel === 'undefined') return { announce: () => undefined, listen: () => () => undefined };
  const channel = new BroadcastChannel(CHANNEL);
  return {
    announce: (etag) => channel.postMessage({ planId, versionName, etag } satisfies SaveMessage),
    listen: (onSaved) => {
      channel.onmessage = (event: MessageEvent<unknown>) => {
        const { data } = event;
        if (isSaveMessage(data) && data.planId === planId && data.versionName === versionName) onSaved(data.etag);
      };
      return () => channel.close();
    },
  };
}
