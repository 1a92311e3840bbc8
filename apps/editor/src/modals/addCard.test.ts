import { notesTo } from '../store/notes.test-helper';
import type { Workflow } from '@flow/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEditorStore, type EditorStore } from '../store/createEditorStore';
import { addCard } from './addCard';
import { PALETTE_FUNCTIONS } from './paletteFunctions';

const quiet = notesTo(() => undefined);
const onboarding: Workflow = { id: 'w1', name: 'Onboarding', description: '', updated_at: '', plan_id: 'p1', json: { steps: [] } };

describe('addCard', () => {
  let store: EditorStore;
  beforeEach(() => {
    store = createEditorStore({ planId: 'p1', versionName: 'production', client: null, notify: quiet });
    store.getState().openPalette('functions');
  });

  it('adds a function node at the drop point and closes the palette', () => {
    const id = addCard(store.getState(), { kind: 'function', type: 'custom_gpt', name: 'Custom GPT' }, { x: 40, y: 60 });
    const node = store.getState().doc.nodes.find((n) => n.id === id);
    expect(node?.type).toBe('function');
    expect(node?.position).toEqual({ x: 40, y: 60 });
    expect(node?.data.name).toBe('Custom GPT');
    expect(store.getState().palette.open).toBe(false);
  });

  it('gives each node its own copy of the card metadata', () => {
    addCard(store.getState(), { kind: 'function', type: 'capture_variables', name: 'Capture Variable' });
    addCard(store.getState(), { kind: 'function', type: 'capture_variables', name: 'Capture Variable' });
    const lists = store.getState().doc.nodes.map((n) => (n.type === 'function' ? n.data.metadata['variables'] : undefined));
    expect(lists).toEqual([[], []]);
    expect(lists[0]).not.toBe(lists[1]);
  });

  it('adds nothing for a disabled card (See a Website) and keeps the palette open', () => {
    expect(addCard(store.getState(), { kind: 'function', type: 'see_website', name: 'See a Website' })).toBeNull();
    expect(store.getState().doc.nodes).toHaveLength(0);
    expect(store.getState().palette.open).toBe(true);
  });

  it('opens the workflow selector for Send Workflow', () => {
    expect(addCard(store.getState(), { kind: 'function', type: 'send_workflow', name: 'Send Workflow' })).toBeNull();
    expect(store.getState().selectWorkflowOpen).toBe(true);
    expect(store.getState().palette.open).toBe(false);
    expect(store.getState().doc.nodes).toHaveLength(0);
  });

  it('adds a workflow node named after a known workflow', () => {
    store.setState({ workflows: [onboarding] });
    const id = addCard(store.getState(), { kind: 'workflow', id: 'w1' }, { x: 0, y: 0 });
    const node = store.getState().doc.nodes.find((n) => n.id === id);
    expect(node?.type).toBe('workflow');
    expect(node?.data.name).toBe('Onboarding');
  });

  it('adds nothing for an unknown workflow', () => {
    expect(addCard(store.getState(), { kind: 'workflow', id: 'gone' })).toBeNull();
    expect(store.getState().doc.nodes).toHaveLength(0);
  });
});

describe('PALETTE_FUNCTIONS', () => {
  it('lists every function type once, the six quick functions first', () => {
    const types = PALETTE_FUNCTIONS.map((fn) => fn.type);
    // The spec's eleven and the MCP Tool, last.
    expect(new Set(types).size).toBe(12);
    expect(types.at(-1)).toBe('mcp_tool');
    expect(types.slice(0, 6)).toEqual(['instruct', 'custom_gpt', 'http_calls', 'capture_variables', 'see_website', 'send_workflow']);
  });
});
