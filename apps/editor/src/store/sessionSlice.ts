import {
  ApiError,
  FlowConflictError,
  PlanNotFoundError,
  compileFlow,
  createPlanSession,
  createFunctionData,
  createWorkflowData,
  emptyFlow,
  flowMessages,
  messages,
  nodeProblems,
  serializeFlow,
  withNodes,
  type FunctionNodeData,
  type FlowDocument,
  type SystemPromptResponse,
  errorMessage,
} from '@flow/core';
import type { StateCreator } from 'zustand';
import { saveSchemaLocally, unsyncedDraft } from './localSave';
import type { EditorState, EditorStoreProps, SessionSlice } from './types';

type Set = Parameters<StateCreator<EditorState>>[0];
type Get = () => EditorState;

/** Keeps the flow on screen in this browser, marked as acknowledged by the provider or not. */
function keepLocally(get: Get, doc: FlowDocument, synced: boolean): void {
  const { planId, versionName, plan } = get();
  saveSchemaLocally(planId, versionName, { doc, synced, baseEtag: plan?.etag() ?? null });
}

/**
 * The provider acknowledged `doc`: it is the new synced flow; the state is 'saved' unless the
 * person changed something meanwhile (that change is saved next).
 */
function acknowledged(set: Set, get: Get, doc: FlowDocument, props: EditorStoreProps): void {
  const current = get().doc;
  keepLocally(get, current, current === doc);
  set({ syncedDoc: doc, saveState: current === doc ? 'saved' : 'unsaved' });
  props.announceSave?.(get().plan?.etag() ?? null);
}

/** A refused or failed write: a conflict waits for the person's choice; nothing on screen is dropped. */
function writeFailed(set: Set, get: Get, error: unknown): void {
  keepLocally(get, get().doc, false);
  set({ saveState: error instanceof FlowConflictError ? 'conflict' : 'error' });
}

/** `doc` with the data of function `id` replaced; a node the flow lacks is taken from `from`. */
function withFunctionData(doc: FlowDocument, id: string, data: FunctionNodeData, from: FlowDocument): FlowDocument {
  if (!doc.nodes.some((n) => n.id === id)) {
    const node = from.nodes.find((n) => n.id === id);
    return node?.type === 'function' ? { ...doc, nodes: [...doc.nodes, { ...node, data }] } : doc;
  }
  return withNodes(
    doc,
    doc.nodes.map((n) => (n.id === id && n.type === 'function' ? { ...n, data } : n)),
  );
}

function functionData(doc: FlowDocument, id: string): FunctionNodeData | undefined {
  const node = doc.nodes.find((n) => n.id === id);
  return node?.type === 'function' ? node.data : undefined;
}

export const createSessionSlice =
  (props: EditorStoreProps): StateCreator<EditorState, [], [], SessionSlice> =>
  (set, get) => ({
    planId: props.planId,
    versionName: props.versionName,
    client: props.client,
    plan: props.client && props.planId ? createPlanSession(props.client, props.planId, props.versionName, { warn: console.error }) : null,
    notify: props.notify,
    loading: false,
    loadError: null,
    planMissing: false,
    workflows: [],
    workflowsState: 'idle',
    workflowsError: null,
    // A plan's flow is not on screen until its first load settles: 'Saved' would claim the empty one.
    saveState: props.client && props.planId ? 'loading' : 'saved',
    syncedDoc: emptyFlow(props.planId, props.versionName),
    functionSaving: null,

    loadPlan: async () => {
      const { plan, planId, versionName, notify } = get();
      if (!plan) return;
      set({ loading: true, loadError: null, planMissing: false });
      try {
        const workflows = get().loadWorkflows();
        const { doc, source } = await plan.load();
        if (source === 'calls') await workflows;
        // Edits this browser kept that the provider never acknowledged come back, never silently lost.
        const draft = unsyncedDraft(planId, versionName);
        const restore = draft !== null && serializeFlow({ ...draft.doc, planId, versionName }) !== serializeFlow(doc);
        get().loadDoc(restore ? { ...draft.doc, planId, versionName } : doc);
        const saveState = !restore ? 'saved' : draft.baseEtag !== null && draft.baseEtag === plan.etag() ? 'unsaved' : 'conflict';
        set({ loading: false, syncedDoc: doc, saveState });
        get().setActiveTab('schema-prompt');
        set({ devTab: 'prompt' });
        if (saveState === 'unsaved') void get().saveNow();
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
      // What is typed but still waiting for its debounce is part of what Save sends.
      props.settleEdits?.();
      const { plan, notify } = get();
      const sent = functionData(get().doc, id);
      if (!sent) return;
      if (!plan) {
        notify.error(messages.planIdRequired);
        return;
      }
      set({ functionSaving: id });
      try {
        const { saved } = await plan.saveFunction(sent);
        const record = saved ?? sent;
        // The provider has the function as saved. The flow on screen takes its record (timestamps)
        // unless the function was edited meanwhile; that edit stays unsaved and is saved next.
        const current = get().doc;
        const doc = functionData(current, id) === sent ? withFunctionData(current, id, record, current) : current;
        const synced = withFunctionData(get().syncedDoc, id, record, current);
        const same = serializeFlow(doc) === serializeFlow(synced);
        set({ doc, syncedDoc: same ? doc : synced, ...(same && get().saveState !== 'conflict' ? { saveState: 'saved' as const } : {}) });
        keepLocally(get, doc, same);
        props.announceSave?.(plan.etag());
        notify.success(flowMessages.functionSaved(record.name || id));
      } catch (error) {
        console.error(error);
        if (error instanceof FlowConflictError) {
          writeFailed(set, get, error);
          notify.error(flowMessages.flowChangedElsewhere);
        } else {
          notify.error(error instanceof ApiError ? error.message : `${flowMessages.failedToSaveFunction}: ${errorMessage(error)}`);
        }
      } finally {
        set({ functionSaving: null });
      }
    },

    createPlan: async () => {
      const { plan, planId, versionName, notify } = get();
      if (!plan) return;
      const shown = get().doc;
      try {
        // What is on screen (empty, unless something was added meanwhile) becomes the new plan.
        await plan.create({ ...shown, planId, versionName });
      } catch (error) {
        // Created meanwhile by someone else: open theirs.
        if (error instanceof FlowConflictError) await get().loadPlan();
        else notify.error(errorMessage(error));
        return;
      }
      // Nothing is loaded over the screen: an edit made while the plan was being created is saved next.
      set({ planMissing: false });
      acknowledged(set, get, shown, props);
      void get().loadWorkflows(true);
      if (get().saveState === 'unsaved') void get().saveNow();
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
      // What is typed but still waiting for its debounce is part of what Play publishes.
      props.settleEdits?.();
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
      const published = get().doc;
      try {
        await plan.publish(published);
        acknowledged(set, get, published, props);
        notify.success(messages.changesPublished);
      } catch (error) {
        console.error(error);
        writeFailed(set, get, error);
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
      props.settleEdits?.();
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

    saveNow: async () => {
      const { plan, doc, syncedDoc, saveState, notify } = get();
      if (!plan) {
        keepLocally(get, doc, false);
        set({ saveState: 'local' });
        return;
      }
      // In a conflict only this browser keeps the edits, until the person chooses Reload or Overwrite.
      if (saveState === 'conflict' || get().planMissing) {
        keepLocally(get, doc, false);
        return;
      }
      if (doc === syncedDoc) {
        set({ saveState: 'saved' });
        return;
      }
      keepLocally(get, doc, false);
      set({ saveState: 'saving' });
      try {
        await plan.save(doc);
        acknowledged(set, get, doc, props);
      } catch (error) {
        writeFailed(set, get, error);
        if (error instanceof FlowConflictError) notify.error(flowMessages.flowChangedElsewhere);
        // The client's errors already say 'Failed to save flow: …'.
        else notify.error(error instanceof ApiError ? error.message : flowMessages.failedToSaveFlow(errorMessage(error)));
      }
    },

    reloadFromProvider: async () => {
      const { plan, planId, versionName, notify } = get();
      if (!plan) return;
      set({ loading: true });
      try {
        const { doc } = await plan.load();
        get().loadDoc(doc);
        set({ syncedDoc: doc, saveState: 'saved' });
        saveSchemaLocally(planId, versionName, { doc, synced: true, baseEtag: plan.etag() });
      } catch (error) {
        notify.error(messages.failedToFetchPlanData(errorMessage(error)));
      } finally {
        set({ loading: false });
      }
    },

    overwriteProvider: async () => {
      const { plan, notify } = get();
      if (!plan) return;
      props.settleEdits?.();
      const doc = get().doc;
      set({ saveState: 'saving' });
      try {
        await plan.save(doc, { overwrite: true });
        acknowledged(set, get, doc, props);
      } catch (error) {
        writeFailed(set, get, error);
        notify.error(error instanceof ApiError ? error.message : flowMessages.failedToSaveFlow(errorMessage(error)));
      }
    },

    savedElsewhere: async (etag) => {
      const { plan, saveState } = get();
      if (!plan || etag === plan.etag()) return;
      // With nothing unsaved here (or the flow still loading), take the other tab's flow; otherwise the next save meets the conflict.
      if (saveState === 'saved' || saveState === 'loading') await get().reloadFromProvider();
    },
  });
