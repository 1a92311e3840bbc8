import {
  ApiError,
  FlowConflictError,
  PlanNotFoundError,
  compileFlow,
  createFunctionData,
  createWorkflowData,
  flowMessages,
  messages,
  nodeProblems,
  type PlanSession,
  type SystemPromptResponse,
  errorMessage,
} from '@flow/core';
import type { StateCreator } from 'zustand';
import type { DocumentSync } from '../sync/documentSync';
import type { EditorState, EditorStoreProps, SessionSlice } from './types';

/** What the provider's answer to a write says to the person: its own message, or 'Failed to save flow: …'. */
export function saveFailure(error: unknown): string {
  if (error instanceof FlowConflictError) return flowMessages.flowChangedElsewhere;
  // The client's errors already say 'Failed to save flow: …'.
  return error instanceof ApiError ? error.message : flowMessages.failedToSaveFlow(errorMessage(error));
}

/** The session slice, over the plan session (null without a plan id) and the document sync that owns the save loop. */
export const createSessionSlice =
  (props: EditorStoreProps, plan: PlanSession | null, sync: DocumentSync): StateCreator<EditorState, [], [], SessionSlice> =>
  (set, get) => {
    /** The flow as last published; null when never published, and when it cannot be read (no 'Changes' then). */
    const loadPublished = async () => {
      const { client, planId, versionName } = get();
      if (!client) return null;
      try {
        return await client.getPublishedFlow(planId, versionName);
      } catch (error) {
        console.error(error);
        return null;
      }
    };
    return {
      planId: props.planId,
      versionName: props.versionName,
      client: props.client,
      plan,
      notify: props.notify,
      loading: false,
      loadError: null,
      planMissing: false,
      workflows: [],
      workflowsState: 'idle',
      workflowsError: null,
      // A plan's flow is not on screen until its first load settles: 'Loading…', not 'Saved'.
      sync: sync.state(),
      functionSaving: null,
      publishedDoc: null,

      loadPlan: async () => {
        const { plan, notify } = get();
        if (!plan) return;
        set({ loading: true, loadError: null, planMissing: false });
        try {
          const workflows = get().loadWorkflows();
          // Its GET (and the provider's answer) held the first frame back by ~13 ms at 100 nodes: asked for after it.
          const published = (props.firstPaint ?? Promise.resolve()).then(loadPublished);
          // The provider's flow, or the edits this browser kept that it never acknowledged.
          const { doc, source } = await sync.load();
          if (source === 'calls') await workflows;
          get().loadDoc(doc);
          // The flow is on screen at once, as before 'Changes': the published flow is not waited for.
          set({ loading: false });
          get().setActiveTab('schema-prompt');
          const before = get().publishedDoc;
          const last = await published;
          // A Play made meanwhile has set what is published already.
          if (get().publishedDoc === before) set({ publishedDoc: last });
        } catch (error) {
          if (error instanceof PlanNotFoundError) {
            set({ loading: false, planMissing: true, loadError: null });
            return;
          }
          const message = errorMessage(error);
          set({ loading: false, loadError: messages.fetchAndProcessError(message) });
          notify.error(messages.failedToFetchPlanData(message));
        }
      },

      saveFunction: async (id) => {
        const { plan, notify } = get();
        if (!get().doc.nodes.some((n) => n.id === id && n.type === 'function')) return;
        if (!plan) {
          notify.error(messages.planIdRequired);
          return;
        }
        set({ functionSaving: id });
        try {
          const record = await sync.saveFunction(id);
          if (record) notify.success(flowMessages.functionSaved(record.name || id));
        } catch (error) {
          console.error(error);
          if (error instanceof FlowConflictError) notify.error(flowMessages.flowChangedElsewhere);
          else notify.error(error instanceof ApiError ? error.message : `${flowMessages.failedToSaveFunction}: ${errorMessage(error)}`);
        } finally {
          set({ functionSaving: null });
        }
      },

      createPlan: async () => {
        const { plan, planId, versionName, notify } = get();
        if (!plan) return;
        try {
          // What is on screen (empty, unless something was added meanwhile) becomes the new plan; an
          // edit made while it is being created is saved next.
          const created = await sync.create({ ...get().doc, planId, versionName });
          // Created meanwhile by someone else: open theirs.
          if (created === 'exists') {
            await get().loadPlan();
            return;
          }
        } catch (error) {
          notify.error(errorMessage(error));
          return;
        }
        set({ planMissing: false });
        void get().loadWorkflows(true);
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
          set({ workflowsState: 'error', workflowsError: errorMessage(error) });
        }
      },

      addWorkflowNode: (workflow) => {
        get().addNode({ type: 'workflow', data: createWorkflowData(workflow) });
      },

      addSendWorkflow: async (workflow, options = {}) => {
        const { client, planId } = get();
        // The hosted link the function sends: the spec's way to get one is a session of the workflow.
        let hostedLink = '';
        try {
          if (client) hostedLink = (await client.createSession(workflow.id, planId)).hostedLink;
        } catch (error) {
          console.error(messages.failedToCreateSession(errorMessage(error)));
        }
        const metadata = { workflow_id: workflow.id, hosted_link: hostedLink };
        const data = createFunctionData('send_workflow', { uuid: '', planId, name: workflow.name, metadata });
        return get().addNode({ type: 'function', data }, { newChain: options.newChain });
      },

      compileAndPublish: async () => {
        const { doc, plan, notify } = get();
        if (doc.nodes.length === 0) {
          notify.error(messages.noChainsInFlow);
          return;
        }
        // A node cut off from the start or on a loop: the rules' message, and nothing is compiled.
        const [problem] = [...nodeProblems(doc).values()].flat();
        if (problem) {
          notify.error(problem);
          return;
        }
        notify.info(messages.compilingFlow);
        get().setActiveTab('prompt');
        set({ loading: true });
        let compiled: SystemPromptResponse;
        try {
          compiled = plan ? await plan.compile(doc) : compileFlow(doc);
        } catch (error) {
          set({ loading: false });
          notify.error(errorMessage(error));
          return;
        }
        get().setText('systemPrompt', compiled.system_message);
        notify.success(messages.flowCompiled);
        if (!plan) {
          set({ loading: false });
          notify.error(messages.failedToUpdateSystemPromptOnDashboard);
          return;
        }
        try {
          // Exactly what was sent is what is now published: 'Changes' and the markers compare with it.
          const published = get().doc;
          await sync.publish(published);
          set({ publishedDoc: published });
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
          console.error(messages.failedToCreateSession(errorMessage(error)));
          return null;
        }
      },

      previewWorkflow: async (nodeId) => {
        const { client, planId, notify } = get();
        const node = get().doc.nodes.find((n) => n.id === nodeId);
        if (node?.type !== 'workflow') return null;
        try {
          if (!client) throw new Error(messages.planIdRequired);
          const { name, description, metadata, steps } = node.data;
          const id = typeof metadata.workflow_id === 'string' && metadata.workflow_id !== '' ? metadata.workflow_id : undefined;
          // Spec section 7: saving a workflow is followed by getting its hosted link.
          const saved = await client.saveWorkflow({ ...(id ? { id } : {}), name, description, plan_id: planId, json: { steps } });
          if (saved.id !== id) {
            get().updateNodeData(nodeId, (n) =>
              n.type === 'workflow' ? { ...n, data: { ...n.data, metadata: { ...n.data.metadata, workflow_id: saved.id } } } : n,
            );
          }
          const session = await client.createSession(saved.id, planId);
          void get().loadWorkflows(true);
          return session.hostedLink;
        } catch (error) {
          console.error(error);
          notify.error(errorMessage(error));
          return null;
        }
      },

      resolveConflict: async (choice) => {
        const { notify } = get();
        set({ loading: true });
        try {
          await sync.resolveConflict(choice);
          // Theirs may have been published too (flowctl publish, a rollback): 'Changes' compares with that.
          if (choice === 'reload') set({ publishedDoc: await loadPublished() });
        } catch (error) {
          notify.error(choice === 'reload' ? messages.failedToFetchPlanData(errorMessage(error)) : saveFailure(error));
        } finally {
          set({ loading: false });
        }
      },
    };
  };
