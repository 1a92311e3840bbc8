import { createConversationCalls } from './conversationCalls.js';
import type { ConversationCalls } from './conversationCalls.js';
import { createFlowCalls } from './flowCalls.js';
import type { FlowCalls } from './flowCalls.js';
import type { FlowVersions } from './flowVersions.js';
import { createWorkflowPath, dashboardPath, joinUrl } from './paths.js';
import { createPlanCalls } from './planCalls.js';
import type { PlanCalls } from './planCalls.js';
import { createKeyCalls } from './keyCalls.js';
import type { KeyCalls } from './keyCalls.js';
import { createSecretCalls } from './secretCalls.js';
import type { SecretCalls } from './secretCalls.js';
import { createTestCalls } from './testCalls.js';
import type { TestCalls } from './testCalls.js';
import { createTransport } from './transport.js';
import type { ClientOptions } from './transport.js';
import { createWorkflowCalls } from './workflowCalls.js';
import type { WorkflowCalls } from './workflowCalls.js';

/** Addresses of the provider's hosted pages. */
export interface HostedUrls {
  /** The provider's address of an absolute path such as `/dashboard/p/v`. */
  hostedUrl(path: string): string;
  /** The embedded create-workflow page of a plan, or of 'default' without one. */
  createWorkflowUrl(planId?: string): string;
  /** The dashboard of a plan version. */
  dashboardUrl(planId: string, versionName: string): string;
}

/** One typed method per call of spec section 7, plus the local provider's extensions. */
export type FlowClient = PlanCalls &
  WorkflowCalls &
  SecretCalls &
  KeyCalls &
  ConversationCalls &
  FlowCalls &
  TestCalls &
  HostedUrls & {
    /** The version of each flow this client last loaded or wrote: sent as If-Match with its writes. */
    versions: FlowVersions;
  };

/**
 * A client of a provider (local or hosted). Failures reject with ApiError.
 * @example const client = createClient({ baseUrl: 'http://127.0.0.1:4321', token });
 */
export function createClient(options: ClientOptions): FlowClient {
  const transport = createTransport(options);
  const hostedUrl = (path: string): string => joinUrl(options.baseUrl, path);
  return {
    ...createPlanCalls(transport),
    ...createWorkflowCalls(transport),
    ...createFlowCalls(transport),
    ...createTestCalls(transport),
    ...createSecretCalls(transport),
    ...createKeyCalls(transport),
    ...createConversationCalls(transport),
    versions: transport.versions,
    hostedUrl,
    createWorkflowUrl: (planId) => hostedUrl(createWorkflowPath(planId)),
    dashboardUrl: (planId, versionName) => hostedUrl(dashboardPath(planId, versionName)),
  };
}
