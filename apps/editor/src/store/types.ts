import type {
  Chain,
  Clipboard,
  FlowClient,
  FlowDocument,
  FlowNode,
  FunctionNodeData,
  GeneratedFlow,
  History,
  NewNode,
  PlanSession,
  PostActionType,
  Workflow,
  XYPosition,
} from '@flow/core';
import type { SaveState, SyncChannel, SyncState } from '../sync/documentSync';
import type { DraftStorage } from '../sync/draftTypes';

/** Flow store tab names (spec section 2). */
export type ActiveTab = 'functions' | 'properties' | 'schema' | 'schema-prompt' | 'prompt';
/** The three tabs of the output panel. */
export type PanelTab = 'functions' | 'properties' | 'advanced' | 'playground';
export type DevTab = 'schema' | 'prompt';
export type PaletteTab = 'functions' | 'workflows';

export type ContextMenuState =
  | { kind: 'node'; x: number; y: number; nodeId: string }
  | { kind: 'canvas'; x: number; y: number; flowPosition: XYPosition }
  | { kind: 'selection'; x: number; y: number }
  | { kind: 'edge'; x: number; y: number; edgeId: string };

/** The searchable node list: nodes to follow into from `sourceId` ('Connect to…'), or every node ('Go to node'). */
export type NodePickerState = { kind: 'connect'; sourceId: string } | { kind: 'goto' };

/** What the canvas is asked to do with its viewport (it owns React Flow); `seq` tells repeats apart. */
export type CanvasRequest = { kind: 'reveal'; nodeId: string; seq: number } | { kind: 'pan'; dx: number; dy: number; seq: number };

export interface EmojiPickerState {
  visible: boolean;
  x: number;
  y: number;
  targetNodeId: string | null;
  /** Without a target node, what a picked emoji goes to (a Properties emoji field). */
  onPick: ((emoji: string) => void) | null;
}

/** A toast that says work is under way, then how it ended (in the same place). */
export interface ProgressNote {
  succeed(message: string): void;
  fail(message: string): void;
  dismiss(): void;
}

/** Toasts and alerts, given to the store: the one way the editor tells the person what happened. */
export interface Notifier {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
  /** Shown at once (the person is waiting for it), then turned into the outcome. */
  progress(message: string): ProgressNote;
}

export type LoadState = 'idle' | 'loading' | 'loaded' | 'error';
export type { SaveState };

/**
 * A field being typed into: its consecutive changes are one history step, until a pause longer
 * than `pauseMs` (the field's debounce of spec section 4) or `endEdit` (blur).
 */
export interface EditGroup {
  key: string;
  pauseMs: number;
}

export interface FlowSlice {
  doc: FlowDocument;
  currentChain: string;
  /** Kept for compatibility with the original product (decisions.md); the start node is the first of chain 1. */
  start_node_id: string;
  selectedNodeIds: string[];
  selectedEdgeId: string | null;
  history: History;
  clipboard: Clipboard | null;
  /** Measured node sizes from the canvas; not part of the flow or its history. */
  measured: Map<string, { width: number; height: number }>;
  loadDoc(doc: FlowDocument): void;
  addNode(input: NewNode, options?: { newChain?: boolean; position?: XYPosition; autoConnect?: boolean }): string;
  connectNodes(source: string, target: string): string | null;
  removeEdge(edgeId: string): void;
  removeNodes(ids: readonly string[]): number;
  removeSelection(): number;
  duplicateNode(id: string): void;
  copySelection(): number;
  /** Pastes after the selection (or at the end of the current chain); with a position, the nodes land there. */
  pasteClipboard(position?: XYPosition): number;
  /** Duplicates the selected nodes in one step, the copies in the originals' chain order. */
  duplicateSelection(): void;
  selectNode(id: string, toggle?: boolean): void;
  setSelection(ids: readonly string[]): void;
  selectAll(): void;
  clearSelection(): void;
  selectEdge(id: string | null): void;
  moveNodes(moves: ReadonlyArray<{ id: string; position: XYPosition }>): void;
  commitMove(): void;
  setMeasured(sizes: ReadonlyArray<{ id: string; width: number; height: number }>): void;
  /** Changes a node: one history step (or, within `group`, the step of the field being typed into). */
  updateNodeData(id: string, update: (node: FlowNode) => FlowNode, group?: EditGroup): void;
  /** Changes a function node's data: one history step, nothing when the data stays the same. */
  updateFunction(id: string, update: (data: FunctionNodeData) => FunctionNodeData, group?: EditGroup): void;
  /** Sets a function's post action; `function` connects it to the target. Returns an error message, or null. */
  setPostAction(id: string, type: PostActionType, targetId?: string): string | null;
  setText(field: 'systemPrompt' | 'agentContext' | 'agentNotes', value: string, group?: EditGroup): void;
  /** The field `key` is left (blur, pointer up): its next change is a step of its own. */
  endEdit(key: string): void;
  /** Adds a generated flow's nodes as one new chain, in one history step; returns their ids. */
  insertGenerated(flow: GeneratedFlow): string[];
  /** Clears the nodes and adds back one analysed chain's functions (the Analysis panel's 'Add to flow'), in one history step. */
  addChainToFlow(chain: Chain<FunctionNodeData>): number;
  undo(): void;
  redo(): void;
}

export interface UiSlice {
  panelTab: PanelTab;
  devTab: DevTab;
  palette: { open: boolean; tab: PaletteTab };
  contextMenu: ContextMenuState | null;
  reportBugOpen: boolean;
  selectWorkflowOpen: boolean;
  /** The Select Workflow modal was opened by a 'new chain' button: the send_workflow node starts a chain. */
  sendWorkflowNewChain: boolean;
  createWorkflowOpen: boolean;
  helpOpen: boolean;
  /** The 'Changes' dialog: the flow on screen against the last published one. */
  changesOpen: boolean;
  confirmEraseOpen: boolean;
  confirmReloadOpen: boolean;
  generateOpen: boolean;
  /** The Analysis panel in the Advanced tab is shown (kept across tab switches). */
  analysisOpen: boolean;
  emojiPicker: EmojiPickerState;
  nodePicker: NodePickerState | null;
  canvasRequest: CanvasRequest | null;
  /** The latest news for the one polite live region (adds, deletes, undo, redo, onboarding steps). */
  announcement: { text: string; seq: number } | null;
  announce(text: string): void;
  /** The node whose Properties take the focus (Enter, 'Edit Node'); `seq` tells repeats apart. */
  propertiesFocus: { nodeId: string; seq: number } | null;
  /** Canvas width in percent of the editor (50 to 80). */
  canvasWidth: number;
  setPanelTab(tab: PanelTab): void;
  setActiveTab(tab: ActiveTab): void;
  setDevTab(tab: DevTab): void;
  openPalette(tab?: PaletteTab): void;
  closePalette(): void;
  setPaletteTab(tab: PaletteTab): void;
  openContextMenu(menu: ContextMenuState): void;
  closeContextMenu(): void;
  setDialog(
    name:
      | 'reportBugOpen'
      | 'selectWorkflowOpen'
      | 'createWorkflowOpen'
      | 'helpOpen'
      | 'changesOpen'
      | 'confirmEraseOpen'
      | 'confirmReloadOpen'
      | 'generateOpen',
    open: boolean,
  ): void;
  /** Send Workflow: opens the workflow search; the chosen workflow becomes a send_workflow function node. */
  openSendWorkflow(newChain?: boolean): void;
  /** Opens the emoji picker at (x, y): a pick sets the target node's trigger_text, or goes to `onPick`. */
  openEmojiPicker(x: number, y: number, targetNodeId: string | null, onPick?: (emoji: string) => void): void;
  closeEmojiPicker(): void;
  setCanvasWidth(percent: number): void;
  openNodePicker(picker: NodePickerState): void;
  /** Selects a node and moves the focus to its Properties (the Name field). */
  editNode(nodeId: string): void;
  closeNodePicker(): void;
  /** Pans the canvas to a node, selects it and focuses it (it may be off screen, not drawn yet). */
  revealNode(nodeId: string): void;
  /** Pans the canvas by (dx, dy) screen pixels. */
  panCanvas(dx: number, dy: number): void;
  setAnalysisOpen(open: boolean): void;
}

export interface SessionSlice {
  planId: string;
  versionName: string;
  client: FlowClient | null;
  /** The plan version on the provider: loads, saves and publishes it (null without a plan id). */
  plan: PlanSession | null;
  notify: Notifier;
  loading: boolean;
  loadError: string | null;
  /** The provider does not have this plan version ('Plan not found', 'Create it'). */
  planMissing: boolean;
  workflows: Workflow[];
  workflowsState: LoadState;
  workflowsError: string | null;
  /** What the document sync says: the save state and the flow the provider last acknowledged (mirrored, never written here). */
  sync: SyncState;
  /** The flow as last published (loaded with the plan, then what Play published); null when never published or unknown. */
  publishedDoc: FlowDocument | null;
  /** The function node whose Save (setup-function) is under way. */
  functionSaving: string | null;
  loadPlan(): Promise<void>;
  /** Saves one function node (setup-function), then re-fetches the functions and chains (spec section 7). */
  saveFunction(id: string): Promise<void>;
  /** Creates the missing plan version with what is on screen (empty at first), then opens it. */
  createPlan(): Promise<void>;
  loadWorkflows(force?: boolean): Promise<void>;
  addWorkflowNode(workflow: Workflow): void;
  /** Adds a send_workflow function node for `workflow`, named after it, with its hosted link (decisions.md). */
  addSendWorkflow(workflow: Workflow, options?: { newChain?: boolean }): Promise<string>;
  /** Play: compiles, then publishes exactly what is on screen. */
  compileAndPublish(): Promise<void>;
  runWorkflow(workflowId: string): Promise<string | null>;
  /** Preview Workflow: saves the workflow node's workflow as edited, and answers its hosted link (null on failure). */
  previewWorkflow(nodeId: string): Promise<string | null>;
  /** After a conflict: takes the provider's flow, discarding the edits made here ('reload'), or saves the one on screen over it ('overwrite'). */
  resolveConflict(choice: 'reload' | 'overwrite'): Promise<void>;
}

export type EditorState = FlowSlice & UiSlice & SessionSlice;

export interface EditorStoreProps {
  planId: string;
  versionName: string;
  client: FlowClient | null;
  notify: Notifier;
  /** The other tabs of this browser editing the plan version (none by default). */
  channel?: SyncChannel;
  /** Where the draft is kept: this browser's local storage by default. */
  storage?: DraftStorage;
  /**
   * Settles once the page's first frame has painted: the load asks for what that frame does not
   * show (the flow as last published) only then. Settled by default.
   */
  firstPaint?: Promise<void>;
}
