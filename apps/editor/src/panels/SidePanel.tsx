import { Suspense } from 'react';
import { lazyComponent } from '../lazy/lazyComponent';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState, PanelTab } from '../store/types';
import { FunctionsPanel } from './FunctionsPanel';
import { PropertiesPanel } from './PropertiesPanel';
import { useAfterPaint } from './useAfterPaint';
import './panels.css';
import { editorText } from '../messages';

// The Advanced panel (prompts, schema, the compiled prompt) is fetched when first shown.
const AdvancedPanel = lazyComponent(() => import('./AdvancedPanel').then((m) => m.AdvancedPanel));
// The Playground too.
const PlaygroundPanel = lazyComponent(() => import('./PlaygroundPanel').then((m) => m.PlaygroundPanel));

const TABS: ReadonlyArray<{ id: PanelTab; label: string }> = [
  { id: 'functions', label: 'Functions' },
  { id: 'properties', label: 'Properties' },
  { id: 'advanced', label: 'Advanced' },
  { id: 'playground', label: 'Playground' },
];

const tabSelector = (s: EditorState) => s.panelTab;

/** The output panel: Functions, Properties, Advanced and Playground tabs. */
export function SidePanel() {
  const store = useEditorStoreApi();
  const tab = useEditor(tabSelector);
  // The body follows the frame that shows its cause: when a plan opens, its nodes paint first and
  // the Advanced tab the load opens comes a frame later (it held the nodes' first paint back).
  const shown = useAfterPaint(tab);
  return (
    <div className="side-panel">
      <div className="tabs" role="tablist" aria-label={editorText.outputPanel}>
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`panel-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            className={`tab${tab === t.id ? ' active' : ''}`}
            onClick={() => store.getState().setPanelTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="side-panel-body" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`panel-tab-${tab}`}>
        {shown === undefined ? null : shown === 'functions' ? (
          <FunctionsPanel />
        ) : shown === 'properties' ? (
          <PropertiesPanel />
        ) : (
          <Suspense fallback={<p className="empty">{editorText.loading}</p>}>
            {shown === 'playground' ? <PlaygroundPanel /> : <AdvancedPanel />}
          </Suspense>
        )}
      </div>
    </div>
  );
}
