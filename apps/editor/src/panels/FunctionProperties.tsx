import {
  COMMON_FIELDS,
  POST_ACTION_OPTIONS,
  flowMessages,
  functionDefinition,
  getAtPath,
  isFieldVisible,
  messages,
  nodeName,
  nodePlaces,
  removeAtPath,
  sameValue,
  setAtPath,
  withDefaults,
  type FieldSpec,
  type FlowDocument,
  type FlowNode,
  type FunctionNode,
  type FunctionNodeData,
  type PostActionType,
} from '@flow/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditGroup, EditorState } from '../store/types';
import { FieldInput } from './fields/FieldInput';
import type { FieldChoices, FieldTarget } from './fields/FieldTarget';
import { TextInput } from './fields/TextInputs';
import { CommitSelect } from './fields/CommitSelect';
import { editorText } from '../messages';

const field = (key: string): FieldSpec => {
  const found = COMMON_FIELDS.find((f) => f.key === key);
  if (!found) throw new Error(`no common field ${key}`);
  return found;
};
const NAME = field('name');
const ACTIVE = field('active');
const POST_ACTION = field('post_action_type');
const POST_ACTION_TARGET = field('post_action_function_id');
/** The header holds name and Active; the post action pair has its own editor (it changes edges). */
const HEADER_KEYS = new Set([NAME.key, ACTIVE.key, POST_ACTION.key, POST_ACTION_TARGET.key]);
const BODY_FIELDS = COMMON_FIELDS.filter((f) => !HEADER_KEYS.has(f.key));
const listsFunctions = (fields: readonly FieldSpec[]): boolean => fields.some((f) => f.kind === 'functionRef');
const BODY_LISTS_FUNCTIONS = listsFunctions(BODY_FIELDS);

/** Each function looked up in a list of nodes, kept while the list lives: the selector below runs on every change of the store. */
const lookedUp = new WeakMap<readonly FlowNode[], Map<string, FunctionNodeData | undefined>>();

function functionData(doc: FlowDocument, id: string): FunctionNodeData | undefined {
  let found = lookedUp.get(doc.nodes);
  if (!found) lookedUp.set(doc.nodes, (found = new Map<string, FunctionNodeData | undefined>()));
  if (found.has(id)) return found.get(id);
  const node = doc.nodes.find((n) => n.id === id);
  const data = node?.type === 'function' ? node.data : undefined;
  found.set(id, data);
  return data;
}

const isPostActionType = (value: string): value is PostActionType => POST_ACTION_OPTIONS.some((o) => o.value === value);

/** The Properties of a function node: header (name, Active, Save), common fields, then its type's fields. */
export function FunctionProperties({ node }: { node: FunctionNode }) {
  const store = useEditorStoreApi();
  const { id, data } = node;
  const definition = functionDefinition(data.type);
  // Only a type with a function field lists the flow's functions: the others do not re-render for every node of a large flow that changes.
  const functionList = BODY_LISTS_FUNCTIONS || listsFunctions(definition?.fields ?? []);
  const { unsaved, saving, workflows, others } = useEditor(
    useShallow((s: EditorState) => ({
      // Unsaved: the provider has not acknowledged this function as it is on screen.
      unsaved: !sameValue(functionData(s.doc, id), functionData(s.sync.syncedDoc, id)),
      saving: s.functionSaving === id,
      workflows: s.workflows,
      others: functionList ? s.doc.nodes : null,
    })),
  );
  const shown = useMemo(() => withDefaults(data.type, data.metadata), [data.type, data.metadata]);
  const choices: FieldChoices = useMemo(
    () => ({
      functions: (others ?? []).filter((n) => n.id !== id && n.type === 'function').map((n) => ({ id: n.id, name: n.data.name || n.id })),
      workflows,
      metadata: shown,
    }),
    [others, workflows, id, shown],
  );
  useEffect(() => {
    if (definition?.fields.some((f) => f.kind === 'workflowRef') && store.getState().workflowsState === 'idle')
      void store.getState().loadWorkflows();
  }, [definition, store]);

  const update = (change: (data: FunctionNodeData) => FunctionNodeData, group?: EditGroup) =>
    store.getState().updateFunction(id, change, group);
  const metadataTarget = (f: FieldSpec): FieldTarget => ({
    value: getAtPath(shown, f.key),
    update: (next, group) =>
      update((current) => {
        const before = getAtPath(withDefaults(current.type, current.metadata), f.key);
        const value = next(before);
        if (value === undefined) {
          const metadata = removeAtPath(current.metadata, f.key);
          return metadata === current.metadata ? current : { ...current, metadata };
        }
        return sameValue(before, value) ? current : { ...current, metadata: setAtPath(current.metadata, f.key, value) };
      }, group),
  });
  const dataTarget = (f: FieldSpec): FieldTarget => ({
    value: getAtPath(data, f.key),
    update: (next, group) =>
      update((current) => {
        const before = getAtPath(current, f.key);
        const value = next(before);
        return value === undefined || sameValue(before, value) ? current : { ...current, [f.key]: value };
      }, group),
  });

  const setActive = async (active: boolean) => {
    update((current) => ({ ...current, active }));
    // Spec section 4: the Active toggle saves the node's properties.
    await store.getState().saveFunction(id);
  };
  const activeId = useId();

  return (
    <div className="properties function-properties">
      <div className="properties-header">
        <div className="properties-name">
          <label className="visually-hidden" htmlFor={`${activeId}-name`}>
            {NAME.label}
          </label>
          <TextInput id={`${activeId}-name`} field={NAME} target={dataTarget(NAME)} />
          {unsaved ? (
            <span className="unsaved-mark" role="status" aria-label={flowMessages.unsavedChanges} title={flowMessages.unsavedChanges}>
              ●
            </span>
          ) : null}
        </div>
        <div className="properties-actions">
          <label className="switch-label" htmlFor={activeId}>
            <input
              id={activeId}
              type="checkbox"
              role="switch"
              className="switch"
              checked={data.active}
              onChange={(e) => void setActive(e.target.checked)}
            />
            {flowMessages.active}
          </label>
          <button
            type="button"
            className="btn btn-primary"
            // aria-disabled, not disabled: a disabled button drops the focus to the page while it saves.
            aria-disabled={saving}
            aria-busy={saving}
            onClick={() => {
              if (!saving) void store.getState().saveFunction(id);
            }}
          >
            {saving ? 'Saving…' : flowMessages.save}
          </button>
        </div>
      </div>
      <p className="muted properties-type">
        {definition?.name ?? data.type} <span className="mono">{data.uuid}</span>
      </p>
      {definition === undefined ? (
        <p className="work-in-progress" role="note">
          {messages.workInProgress}
        </p>
      ) : (
        <section className="field-list" aria-label={`${definition.name} settings`}>
          {definition.fields
            .filter((f) => isFieldVisible(f, shown))
            .map((f) => (
              <FieldInput key={`${id}:${f.key}`} field={f} target={metadataTarget(f)} choices={choices} />
            ))}
        </section>
      )}
      <section className="field-list" aria-label={editorText.functionSettings}>
        <PostAction node={node} />
        {BODY_FIELDS.map((f) => (
          <FieldInput key={`${id}:${f.key}`} field={f} target={dataTarget(f)} choices={choices} />
        ))}
      </section>
    </div>
  );
}

/** Post action and its target: choosing a target connects the node to it, replacing its old follow-up (spec section 4). */
function PostAction({ node }: { node: FunctionNode }) {
  const store = useEditorStoreApi();
  const [choosing, setChoosing] = useState(false);
  // The target list has one option per node: it is built when the person reaches the select
  // (focus, pointer), not each time a node is selected, so selecting stays fast on large flows.
  const [listed, setListed] = useState(false);
  const nodes = useEditor((s) => (listed ? s.doc.nodes : null));
  const edges = useEditor((s) => (listed ? s.doc.edges : null));
  // Chain and step tell apart nodes of one name ('Instruct' three times).
  const places = useMemo(() => (nodes && edges ? nodePlaces({ nodes, edges }) : null), [nodes, edges]);
  const followUp = node.data.post_action_function_id;
  const current = useEditor((s) => (followUp ? s.doc.nodes.find((n) => n.id === followUp) : undefined));
  const typeId = useId();
  const targetId = useId();
  const type: string = choosing ? 'function' : node.data.post_action_type;
  const apply = (next: PostActionType, target?: string) => {
    const error = store.getState().setPostAction(node.id, next, target);
    if (error) store.getState().notify.error(error);
    return error === null;
  };
  return (
    <>
      <div className="field field-select" data-field={POST_ACTION.key}>
        <label className="field-label" htmlFor={typeId}>
          {POST_ACTION.label}
        </label>
        <CommitSelect
          id={typeId}
          value={type}
          onCommit={(next) => {
            if (!isPostActionType(next)) return false;
            if (next === 'function') {
              // A post action 'function' needs its target first; the edge comes with it.
              const current = node.data.post_action_function_id;
              if (!current || !apply('function', current)) setChoosing(true);
              return true;
            }
            setChoosing(false);
            return apply(next);
          }}
        >
          {POST_ACTION_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </CommitSelect>
      </div>
      {type === 'function' ? (
        <div className="field field-functionRef" data-field={POST_ACTION_TARGET.key}>
          <label className="field-label" htmlFor={targetId}>
            {POST_ACTION_TARGET.label}
          </label>
          <CommitSelect
            id={targetId}
            value={choosing ? '' : node.data.post_action_function_id}
            onFocus={() => setListed(true)}
            onPointerDown={() => setListed(true)}
            onCommit={(target) => {
              if (target === '' || !apply('function', target)) return false;
              setChoosing(false);
              return true;
            }}
          >
            <option value="">{flowMessages.noFunctionChosen}</option>
            {(nodes ?? (current ? [current] : []))
              .filter((n) => n.id !== node.id)
              .map((n) => {
                const place = places?.get(n.id);
                return (
                  <option key={n.id} value={n.id}>
                    {place ? editorText.nodeInList(nodeName(n), place.chain, place.step) : nodeName(n)}
                  </option>
                );
              })}
          </CommitSelect>
        </div>
      ) : null}
    </>
  );
}
