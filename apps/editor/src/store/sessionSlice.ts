import {
  ApiError,
  FlowConflictError,
  buildFlowFromProvider,
  compileFlow,
  createWorkflowData,
  flowFunctions,
  flowMessages,
  messages,
  nodeSchema,
  walkOrder,
  type FlowDocument,
  type SystemPromptResponse,
  type WorkflowStepInstruction,
} from '@flow/core';
import type { StateCreator } from 'zustand';
import { saveSchemaLocally } from './localSave';
import type { EditorState, EditorStoreProps, SessionSlice } from './types';

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const createSessionSlice =
  (props: EditorStoreProps): StateCreator<EditorState, [], [], SessionSlice> =>
  (set, get) => ({
    planId: props.planId,
    versionName: props.versionName,
    client: props.client,
    notify: props.notify,
    loading: false,
    loadError: null,
    workflows: [],
    workflowsState: 'idle',
    workflowsError: null,
    etag: null,
    saveState: 'saved',
    documentEndpoint: false,

    loadPlan: async () => {
      const { client, planId, versionName, notify } = get();
      if (!client || !planId) return;
      set({ loading: true, loadError: null });
      try {
        const stored = await client.getFlow(planId, versionName).catch((error: unknown) => {
          // A provider without the document endpoint answers 404 (null) or fails: use the spec's calls.
          if (error instanceof ApiError && error.kind !== 'http') throw error;
          return null;
        });
        if (stored) {
          get().loadDoc(stored.doc);
          set({ etag: stored.etag, documentEndpoint: true, saveState: 'saved' });
          void get().loadWorkflows();
        } else {
          await get().loadWorkflows();
          get().loadDoc(await fetchFromCalls(get));
          set({ documentEndpoint: false, saveState: 'saved' });
        }
        set({ loading: false });
        get().setActiveTab('schema-prompt');
        set({ devTab: 'prompt' });
      } catch (error) {
        const message = reason(error);
        set({ loading: false, loadError: messages.fetchAndProcessError(message) });
        notify.error(messages.failedToFetchPlanData(message));
      }
    },

    loadWorkflows: async (force = false) => {
      const { client, planId, workflowsState } = get();
      if (!client || !planId) {
        set({ workflowsState: 'error', workflowsError: messages.planIdRequired });
        return;
      }
      if (workflowsState === 'loading' && !force) return;
      set({ workflowsState: 'loading', workflowsError: null });
      try {
        const workflows = await client.getWorkflows(planId);
        set({ workflows, workflowsState: 'loaded' });
      } catch (error) {
        console.error(error);
        set({ workflowsState: 'error', workflowsError: reason(error) });
      }
    },

    addWorkflowNode: (workflow) => {
      get().addNode({ type: 'workflow', data: createWorkflowData(workflow) });
    },

    compileAndPublish: async () => {
      const { doc, client, planId, versionName, notify } = get();
      if (doc.nodes.length === 0) {
        notify.error(messages.noChainsInFlow);
        return;
      }
      notify.info(messages.compilingFlow);
      get().setActiveTab('prompt');
      set({ loading: true });
      let compiled: SystemPromptResponse;
      try {
        compiled =
          client && planId
            ? await client.generateSystemPrompt(planId, versionName, {
                flowSchema: nodeSchema(doc),
                nodes: doc.nodes,
                nodesInSequence: walkOrder(doc),
              })
            : compileFlow(doc);
      } catch (error) {
        set({ loading: false });
        notify.error(reason(error));
        return;
      }
      get().setText('systemPrompt', compiled.system_message);
      notify.success(messages.flowCompiled);
      try {
        if (!client || !planId) throw new Error(messages.planIdRequired);
        const current = get().doc;
        await client.updateCustomSystemPrompt(planId, versionName, {
          system_message_custom: compiled.system_message,
          system_message_prefix: current.agentContext,
          system_message_suffix: current.agentNotes,
        });
        notify.success(messages.changesPublished);
      } catch (error) {
        console.error(error);
        notify.error(messages.failedToUpdateSystemPromptOnDashboard);
      } finally {
        set({ loading: false });
      }
    },

    runWorkflow: async (workflowId) => {
      const { client, planId } = get();
      try {
        if (!client) throw new Error(messages.planIdRequired);
        const session = await client.createSession(workflowId, planId);
        return session.hostedLink;
      } catch (error) {
        console.error(messages.failedToCreateSession(reason(error)));
        return null;
      }
    },

    saveNow: async () => {
      const { client, planId, versionName, doc, etag, documentEndpoint, notify } = get();
      saveSchemaLocally(planId, versionName, doc);
      if (!client || !planId) {
        set({ saveState: 'local' });
        return;
      }
      set({ saveState: 'saving' });
      try {
        if (documentEndpoint) {
          const saved = await client.putFlow(planId, versionName, doc, etag ?? undefined);
          set({ etag: saved.etag });
        } else {
          await client.updateFunctions(planId, versionName, flowFunctions(doc));
        }
        // A change made while saving stays unsaved and is saved next.
        if (get().doc === doc) set({ saveState: 'saved' });
        else set({ saveState: 'unsaved' });
      } catch (error) {
        if (error instanceof FlowConflictError) {
          set({ saveState: 'conflict' });
          notify.error(flowMessages.flowChangedElsewhere);
        } else {
          set({ saveState: 'error' });
          // The client's errors already say 'Failed to save flow: …'.
          notify.error(error instanceof ApiError ? error.message : flowMessages.failedToSaveFlow(reason(error)));
        }
      }
    },
  });

/** 'Fetching the flow' through the spec's calls: functions, system prompt, deconstruct, rebuild. */
async function fetchFromCalls(get: () => EditorState): Promise<FlowDocument> {
  const { client, planId, versionName, workflows } = get();
  if (!client) throw new Error(messages.planIdRequired);
  const [functions, systemPrompt] = await Promise.all([
    client.getFunctions(planId, versionName),
    client.getSystemPrompt(planId, versionName),
  ]);
  const draft = buildFlowFromProvider({ planId, versionName, functions, systemPrompt, steps: [], workflows });
  let steps: WorkflowStepInstruction[] = [];
  try {
    steps = await client.deconstructFlow(planId, versionName, {
      flowSchema: nodeSchema(draft),
      systemPrompt: systemPrompt.system_message,
    });
  } catch (error) {
    console.error(messages.failedToDeconstructFlow, error);
  }
  return buildFlowFromProvider({ planId, versionName, functions, systemPrompt, steps, workflows });
}
