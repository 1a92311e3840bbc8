/** What the embedded chat says: one place for its words. */
export const embedMessages = {
  openChat: (title: string) => `Open chat: ${title}`,
  closeChat: 'Close chat',
  defaultTitle: 'Chat',
  transcript: 'Conversation',
  messageLabel: 'Message',
  send: 'Send',
  you: 'You',
  assistant: 'Assistant',
  thinking: 'Thinking…',
  notConfigured: 'This chat is not set up: it needs an agent and a key.',
  keyRefused: "This chat's key cannot be used from this page.",
  rateLimited: 'Too many messages right now: wait a moment, then send again.',
  unavailable: 'The agent is unavailable right now: try again later.',
  unreachable: 'The chat cannot reach its server: check the connection and try again.',
  cutOff: 'The answer was cut off: send your message again.',
  failed: (detail: string) => `The agent could not answer: ${detail}`,
} as const;
