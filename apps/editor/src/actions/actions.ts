import { createPromptData, messages, type QuickFunction, type XYPosition } from '@flow/core';
import { addCard } from '../modals/addCard';
import { isModalOpen } from '../store/modalOpen';
import type { EditorState } from '../store/types';
import { pressMatches, type KeyLike, type Shortcut } from './keys';

/** What an action acts on: the node or edge of a context menu, where the canvas was clicked, … */
export interface ActionTarget {
  nodeId?: string;
  edgeId?: string;
  /** Where a new or pasted node goes (the right-click point, or the pointer for Ctrl+V). */
  flowPosition?: XYPosition;
  /** For a key press: the screen point of the focused element (where its context menu opens). */
  point?: { x: number; y: number };
  /** For a key press: focus is on the canvas itself (not a node or an edge). */
  onCanvas?: boolean;
  /** For a key press: the key (an arrow picks the way the canvas pans). */
  key?: string;
  quickFunction?: QuickFunction;
}

/**
 * One thing a builder can do, however it is asked for: a bottom-bar button, a context-menu entry,
 * a quick-bar button or a key. Everything shown about it (label, icon, shortcut) is read from here.
 */
export interface EditorAction {
  readonly label: string;
  readonly icon?: string;
  /** The key binding that runs it (and its row of the Keybindings tab). */
  readonly shortcut?: Shortcut;
  /** A key shown beside it that belongs to another action (a menu's 'Del' is the Delete key's). */
  readonly hint?: Shortcut;
  readonly danger?: boolean;
  /** Shown, disabled, with the tooltip 'Coming soon'. */
  readonly comingSoon?: boolean;
  /** A button for it stays pressable while disabled, and running it says why nothing happens. */
  readonly explainsWhenDisabled?: boolean;
  /** Runs from the keyboard while a modal is open (the others leave the key to the modal). */
  readonly whileModal?: boolean;
  /** Enabled-when; always enabled without it. */
  enabled?(state: EditorState, target: ActionTarget): boolean;
  /** Does it; false when it did not apply (a key press then stays the browser's), nothing when it did. */
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- most actions return nothing
  run(state: EditorState, target: ActionTarget): boolean | void;
}

/** The editor's key bindings (spec section 9), each owned by the action it runs. */
export const KEYS = {
  help: { keys: 'F1', description: 'Open this cheatsheet', category: 'General', match: [{ key: 'F1' }] },
  menu: {
    keys: 'Shift+F10 / Menu',
    description: 'Open the context menu of the focused node, edge or canvas',
    category: 'General',
    match: [{ key: 'F10', shift: true }, { key: 'ContextMenu' }],
  },
  palette: {
    keys: 'Space',
    description: 'Open the function palette',
    category: 'General',
    match: [{ key: ' ' }, { code: 'Space' }],
  },
  escape: { keys: 'Esc', description: 'Close the palette or a modal', category: 'General', match: [{ key: 'Escape' }] },
  delete: {
    keys: 'Delete / Backspace',
    hint: 'Del',
    description: 'Delete the selected nodes',
    category: 'Editing',
    match: [{ key: 'Delete' }, { key: 'Backspace' }],
  },
  edit: { keys: 'Enter', description: 'Edit the selected node (Properties tab)', category: 'Editing', match: [{ key: 'Enter' }] },
  duplicate: { keys: 'Ctrl+D', description: 'Duplicate the selected node', category: 'Editing', match: [{ key: 'd', mod: true }] },
  copy: { keys: 'Ctrl+C', description: 'Copy the selection', category: 'Editing', match: [{ key: 'c', mod: true }] },
  paste: { keys: 'Ctrl+V', description: 'Paste', category: 'Editing', match: [{ key: 'v', mod: true }] },
  undo: {
    keys: 'Ctrl+Z (Cmd+Z on Mac)',
    hint: 'Ctrl+Z',
    description: 'Undo',
    category: 'Editing',
    match: [{ key: 'z', mod: true, shift: false }],
  },
  redo: {
    keys: 'Ctrl+Y (Cmd+Shift+Z on Mac)',
    hint: 'Ctrl+Y',
    description: 'Redo',
    category: 'Editing',
    match: [
      { key: 'y', mod: true },
      { key: 'z', mod: true, shift: true },
    ],
  },
  selectAll: { keys: 'Ctrl+A', description: 'Select every node', category: 'Selection', match: [{ key: 'a', mod: true }] },
  connectTo: {
    keys: 'Ctrl+E',
    description: 'Connect the selected node to another (a searchable list)',
    category: 'Editing',
    match: [{ key: 'e', mod: true }],
  },
  goToNode: {
    keys: 'Ctrl+K',
    description: 'Go to a node: search every node, Enter pans to it and focuses it',
    category: 'Canvas',
    match: [{ key: 'k', mod: true }],
  },
  pan: {
    keys: 'Ctrl+Arrow keys',
    description: 'Pan the canvas',
    category: 'Canvas',
    match: [
      { key: 'ArrowLeft', mod: true },
      { key: 'ArrowRight', mod: true },
      { key: 'ArrowUp', mod: true },
      { key: 'ArrowDown', mod: true },
    ],
  },
} as const satisfies Record<string, Shortcut>;

const hasSelection = (s: EditorState) => s.selectedNodeIds.length > 0;

/** How far one Ctrl+Arrow pans the canvas, in screen pixels. */
const PAN_STEP = 120;
const PAN_BY_KEY: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [PAN_STEP, 0],
  ArrowRight: [-PAN_STEP, 0],
  ArrowUp: [0, PAN_STEP],
  ArrowDown: [0, -PAN_STEP],
};

/** The node an action is about: the menu's node, else the one selected node. */
function oneNode(s: EditorState, t: ActionTarget): string | undefined {
  if (t.nodeId) return t.nodeId;
  return s.selectedNodeIds.length === 1 ? s.selectedNodeIds[0] : undefined;
}

/** Every action of the editor. */
export const ACTIONS = {
  changes: { label: 'Changes', run: (s) => s.setDialog('changesOpen', true) },
  help: { label: 'How to use', shortcut: KEYS.help, whileModal: true, run: (s) => s.setDialog('helpOpen', true) },
  escape: {
    label: 'Close',
    shortcut: KEYS.escape,
    whileModal: true,
    run: (s) => {
      if (s.contextMenu) s.closeContextMenu();
      else if (s.palette.open) s.closePalette();
      else if (!isModalOpen(s)) s.clearSelection();
    },
  },
  menu: {
    label: 'Context menu',
    shortcut: KEYS.menu,
    run: (s, t) => {
      const at = t.point;
      if (!at) return false;
      if (t.nodeId) {
        if (s.selectedNodeIds.length > 1 && s.selectedNodeIds.includes(t.nodeId)) s.openContextMenu({ kind: 'selection', ...at });
        else {
          s.selectNode(t.nodeId);
          s.openContextMenu({ kind: 'node', ...at, nodeId: t.nodeId });
        }
      } else if (t.edgeId) {
        s.selectEdge(t.edgeId);
        s.openContextMenu({ kind: 'edge', ...at, edgeId: t.edgeId });
      } else if (t.onCanvas && t.flowPosition) s.openContextMenu({ kind: 'canvas', ...at, flowPosition: t.flowPosition });
      else return false;
    },
  },
  palette: {
    label: 'Add',
    icon: '+',
    shortcut: KEYS.palette,
    run: (s) => s.openPalette('functions'),
  },
  delete: {
    label: 'Delete',
    shortcut: KEYS.delete,
    run: (s) => {
      if (s.selectedNodeIds.length > 0) s.removeSelection();
      else if (s.selectedEdgeId) s.removeEdge(s.selectedEdgeId);
      else return false;
    },
  },
  edit: {
    label: 'Edit Node',
    shortcut: KEYS.edit,
    run: (s, t) => {
      const id = t.nodeId ?? s.selectedNodeIds.at(-1);
      if (!id) return false;
      s.editNode(id);
    },
  },
  duplicate: {
    label: 'Duplicate',
    shortcut: KEYS.duplicate,
    run: (s, t) => {
      const [only] = s.selectedNodeIds;
      const id = t.nodeId ?? (s.selectedNodeIds.length === 1 ? only : undefined);
      if (id) s.duplicateNode(id);
    },
  },
  copy: { label: 'Copy Selection', shortcut: KEYS.copy, run: (s) => s.copySelection() > 0 },
  paste: {
    label: 'Paste',
    shortcut: KEYS.paste,
    enabled: (s) => (s.clipboard?.nodes.length ?? 0) > 0,
    run: (s, t) => s.pasteClipboard(t.flowPosition) > 0,
  },
  selectAll: { label: 'Select All', shortcut: KEYS.selectAll, run: (s) => s.selectAll() },
  connectTo: {
    label: 'Connect to…',
    shortcut: KEYS.connectTo,
    enabled: (s, t) => oneNode(s, t) !== undefined,
    run: (s, t) => {
      const sourceId = oneNode(s, t);
      if (!sourceId) return false;
      s.openNodePicker({ kind: 'connect', sourceId });
    },
  },
  goToNode: {
    label: 'Go to node',
    shortcut: KEYS.goToNode,
    enabled: (s) => s.doc.nodes.length > 0,
    run: (s) => {
      if (s.doc.nodes.length === 0) return false;
      s.openNodePicker({ kind: 'goto' });
    },
  },
  pan: {
    label: 'Pan',
    shortcut: KEYS.pan,
    run: (s, t) => {
      const by = t.key === undefined ? undefined : PAN_BY_KEY[t.key];
      if (!by) return false;
      s.panCanvas(by[0], by[1]);
    },
  },
  undo: { label: 'Undo', icon: '↶', shortcut: KEYS.undo, enabled: (s) => s.history.past.length > 1, run: (s) => s.undo() },
  redo: { label: 'Redo', icon: '↷', shortcut: KEYS.redo, enabled: (s) => s.history.future.length > 0, run: (s) => s.redo() },

  erase: {
    label: 'Erase Selected',
    icon: '🗑',
    enabled: hasSelection,
    explainsWhenDisabled: true,
    run: (s) => {
      if (!hasSelection(s)) s.notify.info(messages.selectSomethingToErase);
      else s.setDialog('confirmEraseOpen', true);
    },
  },
  newChain: {
    label: 'New Chain',
    icon: '⛓',
    run: (s) => {
      s.addNode({ type: 'prompt', data: createPromptData() }, { newChain: true });
      s.notify.success(messages.newChainCreated);
    },
  },
  play: { label: 'Play', icon: '▶', enabled: (s) => !s.loading, run: (s) => void s.compileAndPublish() },
  generateFlow: {
    label: 'Generate Flow',
    icon: '✨',
    run: (s) => {
      s.closePalette();
      s.setDialog('generateOpen', true);
    },
  },
  reportBug: { label: 'Report a Bug', icon: '🐞', run: (s) => s.setDialog('reportBugOpen', true) },
  addQuickFunction: {
    label: 'Add',
    enabled: (_s, t) => t.quickFunction !== undefined && !t.quickFunction.disabled,
    run: (s, t) => {
      const fn = t.quickFunction;
      if (!fn || fn.disabled) return false;
      addCard(s, { kind: 'function', type: fn.type, name: fn.name });
    },
  },

  // Context menus (spec section 2; decisions.md "Context menu").
  changeType: { label: 'Change Type', comingSoon: true, run: () => false },
  deleteNode: {
    label: 'Delete Node',
    hint: KEYS.delete,
    danger: true,
    run: (s, t) => (t.nodeId ? s.removeNodes([t.nodeId]) > 0 : false),
  },
  duplicateSelection: { label: 'Duplicate Selection', run: (s) => s.duplicateSelection() },
  groupNodes: { label: 'Group Nodes', comingSoon: true, run: () => false },
  deleteSelection: { label: 'Delete Selection', hint: KEYS.delete, danger: true, run: (s) => s.removeSelection() > 0 },
  editEdge: {
    label: 'Edit Edge',
    run: (s, t) => {
      const edge = s.doc.edges.find((e) => e.id === t.edgeId);
      if (!edge) return false;
      s.editNode(edge.source);
    },
  },
  deleteEdge: { label: 'Delete Edge', danger: true, run: (s, t) => (t.edgeId ? s.removeEdge(t.edgeId) : false) },
  addNode: { label: 'Add Node', run: () => false },
  addFunctionNode: { label: 'Function Node', run: (s) => s.openPalette('functions') },
  addPromptNode: {
    label: 'Prompt Node',
    run: (s, t) => {
      s.addNode({ type: 'prompt', data: createPromptData() }, t.flowPosition ? { position: t.flowPosition } : {});
    },
  },
} as const satisfies Record<string, EditorAction>;

export type ActionId = keyof typeof ACTIONS;

export const actionOf = (id: ActionId): EditorAction => ACTIONS[id];

/** Whether an action can run now (its enabled-when, and not a 'Coming soon' one). */
export function isEnabled(id: ActionId, state: EditorState, target: ActionTarget = {}): boolean {
  const action = actionOf(id);
  return !action.comingSoon && (action.enabled?.(state, target) ?? true);
}

/** Runs an action; false when it did not apply. */
export function runAction(id: ActionId, state: EditorState, target: ActionTarget = {}): boolean {
  const action = actionOf(id);
  if (action.comingSoon) return false;
  return action.run(state, target) !== false;
}

/** Every action id, in the registry's order. */
export const ACTION_IDS: readonly ActionId[] = Object.keys(ACTIONS).filter((id): id is ActionId => id in ACTIONS);

/** The action a key press runs (the keybindings table's), or null. */
export function actionForKey(e: KeyLike): ActionId | null {
  return (
    ACTION_IDS.find((id) => {
      const shortcut = actionOf(id).shortcut;
      return shortcut !== undefined && pressMatches(shortcut, e);
    }) ?? null
  );
}

/** The shortcut an action shows: its own, or the one it borrows (a menu's Delete Node shows Del). */
export const shownShortcut = (id: ActionId): Shortcut | undefined => actionOf(id).shortcut ?? actionOf(id).hint;
