import type { StateCreator } from 'zustand';
import type { EditorState, UiSlice } from './types';

/** Canvas width bounds and default, in percent (spec section 2). */
export const CANVAS_WIDTH = { min: 50, max: 80, initial: 75 } as const;

export const createUiSlice: StateCreator<EditorState, [], [], UiSlice> = (set, get) => ({
  panelTab: 'functions',
  devTab: 'prompt',
  palette: { open: false, tab: 'functions' },
  contextMenu: null,
  reportBugOpen: false,
  selectWorkflowOpen: false,
  sendWorkflowNewChain: false,
  createWorkflowOpen: false,
  helpOpen: false,
  changesOpen: false,
  confirmEraseOpen: false,
  confirmReloadOpen: false,
  generateOpen: false,
  analysisOpen: false,
  emojiPicker: { visible: false, x: 0, y: 0, targetNodeId: null, onPick: null },
  canvasWidth: CANVAS_WIDTH.initial,
  nodePicker: null,
  canvasRequest: null,
  propertiesFocus: null,
  announcement: null,

  setPanelTab: (panelTab) => set({ panelTab }),
  // The spec's one 'active tab' is two of ours: the side panel's tab and the Advanced tab's dev tab.
  setActiveTab: (tab) => {
    const panelTab = tab === 'functions' ? 'functions' : tab === 'properties' ? 'properties' : 'advanced';
    const devTab = tab === 'prompt' || tab === 'schema-prompt' ? 'prompt' : tab === 'schema' ? 'schema' : get().devTab;
    set({ panelTab, devTab });
  },
  setDevTab: (devTab) => set({ devTab }),
  openPalette: (tab = 'functions') => {
    set({ palette: { open: true, tab }, contextMenu: null });
    if (get().workflows.length === 0) void get().loadWorkflows();
  },
  closePalette: () => set({ palette: { open: false, tab: 'functions' } }),
  setPaletteTab: (tab) => set({ palette: { ...get().palette, tab } }),
  openContextMenu: (contextMenu) => set({ contextMenu }),
  closeContextMenu: () => set({ contextMenu: null }),
  setDialog: (name, open) => set({ [name]: open, contextMenu: null }),
  openSendWorkflow: (newChain = false) => set({ selectWorkflowOpen: true, sendWorkflowNewChain: newChain, contextMenu: null }),
  openEmojiPicker: (x, y, targetNodeId, onPick) =>
    set({ emojiPicker: { visible: true, x, y, targetNodeId, onPick: onPick ?? null }, contextMenu: null }),
  closeEmojiPicker: () => set({ emojiPicker: { visible: false, x: 0, y: 0, targetNodeId: null, onPick: null } }),
  setAnalysisOpen: (analysisOpen) => set({ analysisOpen }),
  openNodePicker: (nodePicker) => set({ nodePicker, contextMenu: null }),
  announce: (text) => set({ announcement: { text, seq: (get().announcement?.seq ?? 0) + 1 } }),
  closeNodePicker: () => set({ nodePicker: null }),
  editNode: (nodeId) => {
    get().selectNode(nodeId);
    set({ panelTab: 'properties', propertiesFocus: { nodeId, seq: (get().propertiesFocus?.seq ?? 0) + 1 } });
  },
  revealNode: (nodeId) => {
    get().selectNode(nodeId);
    set({ canvasRequest: { kind: 'reveal', nodeId, seq: (get().canvasRequest?.seq ?? 0) + 1 } });
  },
  panCanvas: (dx, dy) => set({ canvasRequest: { kind: 'pan', dx, dy, seq: (get().canvasRequest?.seq ?? 0) + 1 } }),
  setCanvasWidth: (percent) => set({ canvasWidth: Math.min(CANVAS_WIDTH.max, Math.max(CANVAS_WIDTH.min, Math.round(percent * 10) / 10)) }),
});
