/**
 * Every user-visible message of the spec (sections 5 and 8), referenced by name.
 * Functions fill the spec's placeholders; nothing else may reword them.
 */
export const messages = {
  // Section 5: validation rules
  cannotConnectToItself: 'Error: Cannot connect a node to itself',
  alreadyHasIncomingEdge: (name: string) => `Error: Node: ${name} already has an incoming edge`,
  noChainsInFlow: 'Error: No chains in flow',
  planIdRequired: 'Plan ID is required',
  planIdNotSet: 'Plan ID not set',
  disconnected: (name: string) => `Error: Disconnected @ : ${name}`,
  invalidDataStructure: 'Invalid data structure returned from API',
  invalidWorkflowData: 'Invalid workflow data',
  workflowAndPlanRequired: 'Workflow ID and Plan ID are required',
  selectSomethingToErase: 'Select something to erase',
  confirmErase: (n: number) => `Are you sure you want to remove ${n} selected node(s)?`,
  invalidJsonFormat: 'Invalid JSON format',
  customEmojisWrongFormat: 'Custom emojis are in the wrong format',

  // Section 8: error catalogue
  failedToGenerateSystemPrompt: 'Failed to generate system prompt',
  failedToDeconstructFlow: 'Failed to deconstruct flow',
  failedToFetchFunctions: 'Failed to fetch functions',
  failedToFetchSystemPrompt: 'Failed to fetch system prompt',
  failedToUpdateCustomSystemPrompt: 'Failed to update custom system prompt',
  failedToFetchWorkflows: (reason: string) => `Failed to fetch workflows: ${reason}`,
  failedToLoadWorkflows: 'Failed to load workflows',
  failedToSaveWorkflow: (reason: string) => `Failed to save workflow: ${reason}`,
  failedToCreateSession: (reason: string) => `Failed to create session: ${reason}`,
  failedToFetchPlanData: (message: string) => `Failed to fetch plan data: ${message}`,
  invalidJsonSchemaReturned: 'Invalid JSON schema returned',
  failedToGenerateWorkflow: 'Failed to generate workflow',
  failedToAnalyzeFlow: 'Failed to analyze flow',
  // Playground
  transcriptCopied: 'Transcript copied',
  transcriptNotCopied: 'Could not copy the transcript',
  fetchAndProcessError: (message: string) => `Error: ${message}`,

  // Section 8: toasts
  failedToUpdateSystemPromptOnDashboard: 'Failed to update system prompt on dashboard',
  changesPublished: 'Changes are now published to Dashboard',
  removedSelectedNodes: (n: number) => `Removed ${n} selected node(s)`,
  newChainCreated: 'New Chain Created',
  compilingFlow: 'Compiling Flow...',
  flowCompiled: 'Flow compiled successfully',

  // Section 8: emoji
  couldNotLoadEmoji: 'Could not load emoji.',
  noColorEmoji: 'Your browser does not support color emoji.',
  emojiDataWrongFormat: 'Emoji data is in the wrong format',
  failedToFetch: (url: string, status: number) => `Failed to fetch ${url}: ${status}`,
  idbBlocked: 'IDB blocked',

  // Section 2: texts of the properties panel
  workInProgress: 'Yikes! This is a work in progress. Let us know if you need it asap!',
  comingSoon: 'Coming soon',

  // Section 2: Report a Bug and schema copy feedback
  copied: 'Copied!',
  failedToCopy: 'Failed to copy!',
} as const;

/** Messages of our own, for rules the spec implies but does not word. */
export const flowMessages = {
  unsafeLink: (link: string) => `Refused a link that is not http(s): ${link.length > 80 ? `${link.slice(0, 80)}…` : link}`,
  invalidJson: (detail: string) => `Invalid JSON: ${detail}`,
  notUtf8: 'Not UTF-8 text: save the file as UTF-8',
  byteOrderMark: 'The file starts with a byte order mark (BOM): save it as UTF-8 without one (flowctl fmt does)',
  duplicateKey: (key: string) => `Duplicate key "${key}": JSON keeps only the last one`,
  wrongFormat: (found: string) => `Unsupported format "${found}": expected "flow/1"`,
  duplicateNodeId: (id: string) => `Duplicate node id "${id}"`,
  duplicateEdgeId: (id: string) => `Duplicate edge id "${id}"`,
  danglingEdge: (end: 'source' | 'target', id: string) => `Edge ${end} "${id}" is not a node of this flow`,
  edgeIdForm: (expected: string) => `Edge id must be "${expected}"`,
  moreThanOneFollowUp: (name: string) => `Node: ${name} has more than one outgoing edge`,
  edgeKindMismatch: (expected: string) => `Edge kind must be "${expected}"`,
  chainsNotContiguous: (chains: string) => `Chains must be numbered 1, 2, … without gaps (found ${chains})`,
  postActionMismatch: (name: string) => `Node: ${name} post_action_function_id must equal the target of its outgoing edge`,
  postActionWithoutEdge: (name: string) => `Node: ${name} has post_action_type function but no outgoing edge`,
  uuidMismatch: 'Function uuid must equal the node id',
  unknownFunctionType: (type: string) => `Unknown function type "${type}"`,
  outOfRange: (label: string, min: number, max: number) => `${label} must be between ${min} and ${max}`,
  notAnOption: (label: string, value: string) => `${label}: "${value}" is not one of the options`,
  plainSecret: 'Secret written in plain text: store it as { "env": "NAME" }',
  invalidText: (where: string, problem: string) => `${where} contains ${problem}`,
  tooDeep: (max: number) => `Nested deeper than ${max} levels: a flow may not be (the provider refuses it too)`,
  reservedKey: (key: string) => `The key "${key}" is refused: __proto__, constructor and prototype are never keys of a flow`,
  tooLarge: (bytes: number, max: number) => `The file is ${bytes} bytes, more than the ${max} bytes a flow may have`,
  startNodeMissing: (id: string) => `Start node "${id}" is not a node of this flow`,
  cycleDetected: (name: string) => `Cycle detected at ${name}`,
  followUpReplaced: (source: string, oldTarget: string, newTarget: string) =>
    `Follow-up of ${source} replaced: ${oldTarget} → ${newTarget}`,
  missingFunction: (id: string) => `Missing function "${id}"`,
  // API client (calls the spec leaves unworded)
  versionNameRequired: 'Version name is required',
  timedOut: (ms: number) => `Timed out after ${ms} ms`,
  failedToSaveFunction: 'Failed to save function',
  failedToUpdateFunctions: 'Failed to update functions',
  failedToLoadFlow: (reason: string) => `Failed to load flow: ${reason}`,
  failedToSaveFlow: (reason: string) => `Failed to save flow: ${reason}`,
  flowChangedElsewhere: 'Changed elsewhere: the flow was changed since this page loaded it, so this change is not saved yet',
  planNotFound: (planId: string, versionName: string) => `Plan not found: ${planId}/${versionName}`,
  failedToListPlans: (reason: string) => `Failed to list plans: ${reason}`,
  failedToLoadTests: (reason: string) => `Failed to load tests: ${reason}`,
  failedToSaveTests: (reason: string) => `Failed to save tests: ${reason}`,
  testsBodyShape: 'Body must be { "flowtest": <a *.flowtest.json document>, "cassette": <a flow-cassette/1 document> | null }',
  testsFlowtestShape: '"flowtest" must be a *.flowtest.json document: an object with "flow" (the flow file\'s name) and a "tests" list',
  testsCassetteShape: '"cassette" must be null or a cassette: an object with "format": "flow-cassette/1"',
  testsUnknownKey: (key: string) => `Unknown key "${key}": the body holds only "flowtest" and "cassette"`,
  postActionTypeMismatch: (name: string) => `Node: ${name} has an outgoing edge, so its post_action_type must be function`,
  notANumber: (label: string) => `${label} must be a number`,
  // decisions.md: conflicts and unknown plans (editor)
  changedElsewhere: 'Changed elsewhere',
  reload: 'Reload',
  overwrite: 'Overwrite',
  confirmReload: 'Reload the flow from the provider?',
  editsDiscarded: 'These changes made here will be discarded:',
  noEditsDiscarded: 'Nothing changed here will be lost.',
  discardAndReload: 'Discard and reload',
  planNotFoundTitle: 'Plan not found',
  createIt: 'Create it',
  // Section 2 texts of the quick functions, used by the core's palette data
  addFunction: (name: string) => `Add ${name}`,
  openWorkflowSelector: 'Open workflow selector',
  seeWebsiteDescription: 'Open a website (coming soon)',
  // Home: the plans of the provider
  plansTitle: 'Plans',
  loadingPlans: 'Loading plans...',
  noPlans: 'No plans yet: create the first one.',
  newPlan: 'New plan',
  invalidPlanId: (rule: string) => `Invalid plan id: ${rule}`,
  planExists: (planId: string) => `A plan named "${planId}" already exists`,
  nodeCount: (n: number) => `${n} ${n === 1 ? 'node' : 'nodes'}`,
  // Properties panel (issue 10)
  functionSaved: (name: string) => `Function saved: ${name}`,
  unsavedChanges: 'Unsaved changes',
  save: 'Save',
  active: 'Active',
  noFunctionChosen: 'None',
  showSecret: (label: string) => `Show ${label}`,
  hideSecret: (label: string) => `Hide ${label}`,
  addItem: (label: string) => `Add to ${label}`,
  removeItem: (label: string, n: number) => `Remove ${label} ${n}`,
} as const;

/** What flowctl and the provider say about secrets (the spec has no words for these). */
export const secretMessages = {
  plainSecretRefused:
    'Secret written in plain text: run `flowctl fmt` to move it to an { "env": "NAME" } reference, then set NAME in the environment',
  missingSecretVariables: (names: string) => `Set ${names} in the environment: the flow keeps its secrets there`,
  /** How a secret value is shown in a diff; `n` tells different values apart. */
  maskedSecret: (n: number) => `(secret ${n})`,
  /** A flow names a secret the provider's store does not hold (or one of the provider's own settings). */
  notSetOnProvider: (name: string) => `Secret ${name} is not set on the provider`,
  /** The Playground's link to the Secrets page under that error. */
  setOnSecretsPage: (name: string) => `Set ${name} on the Secrets page`,
  invalidSecretName: (name: string) =>
    `Invalid secret name "${name}": use letters, digits and _ (64 at most), starting with a letter, e.g. ORDERS_API_TOKEN`,
  reservedSecretName: (name: string) => `${name} is a setting of the provider itself: it can never be a secret a flow reads`,
  secretSet: (name: string) => `Secret ${name} set`,
  secretDeleted: (name: string) => `Secret ${name} deleted`,
  secretNotFound: (name: string) => `No secret named ${name}`,
  failedToListSecrets: (reason: string) => `Failed to list secrets: ${reason}`,
  failedToSetSecret: (reason: string) => `Failed to set the secret: ${reason}`,
  failedToDeleteSecret: (reason: string) => `Failed to delete the secret: ${reason}`,
} as const;

/** What flowctl, the provider and its dashboard say about agent keys (the spec has no words for these). */
export const keyMessages = {
  invalidKeyName: (name: string) =>
    `Invalid key name "${name}": use 1 to 64 letters, digits, '-' or '_', starting with a letter or digit, e.g. web-shop`,
  invalidKeyAgent: (agent: string) =>
    `Invalid agent "${agent}": give a plan id, or a plan id and a version as PLAN/VERSION (letters, digits, '-' or '_')`,
  invalidKeyOrigin: (origin: string) =>
    `Invalid origin "${origin}": give a web origin as scheme://host[:port], e.g. https://shop.example.com (no path)`,
  invalidKeyRate: (min: number, max: number) => `The rate is a whole number of requests a minute, ${min} to ${max}`,
  tooMany: (what: string, max: number) => `A key lists at most ${max} ${what}`,
  invalidKeyBody: 'Body must be { "name": "…", "agents"?: ["PLAN[/VERSION]"], "origins"?: ["https://…"], "rate"?: 60 }',
  keyNameTaken: (name: string) => `A key named ${name} exists already: revoke it first or choose another name`,
  keyNotFound: (name: string) => `No key named ${name}`,
  keyCreated: (name: string) => `Key ${name} created`,
  keyShownOnce: 'Copy it now: it will not be shown again.',
  keyRevoked: (name: string) => `Key ${name} revoked`,
  failedToListKeys: (reason: string) => `Failed to list keys: ${reason}`,
  failedToCreateKey: (reason: string) => `Failed to create the key: ${reason}`,
  failedToRevokeKey: (reason: string) => `Failed to revoke the key: ${reason}`,
  /** An agent key sent to any route but the served ones. */
  agentKeyElsewhere: 'Agent keys only open /v1 and /mcp: use the editor token (or sign in) for this route',
  missingKey: 'An agent key is required: send Authorization: Bearer flow_sk_…',
  unknownKey: 'Invalid agent key: it is unknown or was revoked',
  agentNotAllowed: (agent: string, key: string) => `Key ${key} may not use agent ${agent}`,
  originNotAllowed: (origin: string, key: string) => `Key ${key} may not be used from ${origin}`,
  /** A preflight from an origin no key lists. */
  originNotServed: (origin: string) => `No agent key may be used from ${origin}`,
  rateLimited: (key: string, rate: number, seconds: number) =>
    `Key ${key} is over its rate of ${rate} requests a minute: try again in ${seconds} seconds`,
} as const;

/** What flowctl, the provider and its dashboard say about served conversations. */
export const conversationMessages = {
  conversationNotFound: (id: string) => `No conversation ${id}`,
  noConversations: (target: string) => `No conversations of ${target} yet`,
  failedToListConversations: (reason: string) => `Failed to list conversations: ${reason}`,
  failedToLoadConversation: (reason: string) => `Failed to load the conversation: ${reason}`,
} as const;

/** What a served agent answers when it cannot (the provider's /v1, /mcp and embedded chat). */
export const agentMessages = {
  agentNotFound: (agent: string) => `No published agent ${agent}: publish it first (Play in the editor, or flowctl publish)`,
  conversationOfAnotherAgent: (id: string, agent: string) => `The conversation ${id} is not one of ${agent}`,
  noUserMessage: "The last message must be the user's, with text",
  messageTooLong: (max: number) => `A message is text of 1 to ${max} characters`,
  tooManyMessages: (max: number) => `At most ${max} messages of history`,
  badTemperature: 'temperature must be a number from 0 to 2',
  badMaxTokens: 'max_tokens must be a whole number of at least 1',
  badUser: 'user must be text',
  modelUnavailable: (reason: string) => `The agent's model did not answer: ${reason}`,
  conversationBusy: (id: string) => `The conversation ${id} is answering another message: send this one when that answer has ended`,
} as const;

/** What the provider's MCP server (/mcp) says of its tools: one per published agent. */
export const mcpMessages = {
  /** A tool's description when the flow has no agent context. */
  toolDescription: (agent: string) => `Ask the Flow agent ${agent} and get its answer.`,
  messageField: 'What to say to the agent',
  conversationField: 'The conversation_id of an earlier answer, to go on with that conversation; leave it out to start a new one',
  replyField: "The agent's answer",
  conversationIdField: 'The conversation this answer belongs to: send it back to go on',
  internalError: 'The agent could not answer: the provider failed (its log says why)',
  /** GET or DELETE /mcp: this server keeps no sessions and pushes nothing. */
  postOnly: 'This MCP server is stateless: send each JSON-RPC message with POST',
} as const;
