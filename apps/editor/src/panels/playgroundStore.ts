import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PlaygroundState, PlaygroundToolCall, TurnRecording } from '../api/playgroundClient';
import { editorText } from '../messages';

/** One message of the Playground's transcript. */
export interface PlaygroundEntry {
  role: 'user' | 'agent';
  text: string;
  toolCalls: PlaygroundToolCall[];
  /** An answered agent entry: what its turn needed from outside (for 'Save as test'). */
  recording?: TurnRecording;
}

export interface PlaygroundConversation {
  entries: PlaygroundEntry[];
  /** What the provider sent back, to send with the next message. */
  state: PlaygroundState;
  busy: boolean;
  error: string | null;
}

const EMPTY: PlaygroundConversation = { entries: [], state: { messages: [], variables: {} }, busy: false, error: null };

const conversations = new Map<string, StoreApi<PlaygroundConversation>>();

/** The Playground's conversation of a plan version: kept while the editor is open, across tab switches. */
export function playgroundConversation(planId: string, versionName: string): StoreApi<PlaygroundConversation> {
  const key = `${planId}/${versionName}`;
  let store = conversations.get(key);
  if (store === undefined) {
    store = createStore<PlaygroundConversation>(() => EMPTY);
    conversations.set(key, store);
  }
  return store;
}

/** Back to an empty conversation. */
export const resetConversation = (store: StoreApi<PlaygroundConversation>): void => store.setState(EMPTY, true);

/** The transcript as text, for 'Copy transcript': who said what, and each tool call with its result. */
export function transcriptText(entries: readonly PlaygroundEntry[]): string {
  return entries
    .map((entry) => {
      const calls = entry.toolCalls.map(
        (c) => `  [${c.name}(${JSON.stringify(c.arguments)}) ${c.error === undefined ? `→ ${c.output}` : `failed: ${c.error}`}]`,
      );
      return [`${entry.role === 'user' ? editorText.you : editorText.agent}: ${entry.text}`, ...calls].join('\n');
    })
    .join('\n\n');
}
