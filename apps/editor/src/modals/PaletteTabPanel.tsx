import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import type { PaletteTab } from '../store/types';
import type { CardDragPhase } from './PaletteCard';
import { PaletteFunctionList } from './PaletteFunctionList';
import { PaletteWorkflowList } from './PaletteWorkflowList';
import { editorText } from '../messages';

export interface PaletteTabPanelProps {
  tab: PaletteTab;
  onDragPhase: (phase: CardDragPhase) => void;
}

/**
 * One tab of the palette: its search (focused when shown) and its cards. Mounted per tab and per
 * opening, so the search starts empty each time.
 */
export function PaletteTabPanel({ tab, onDragPhase }: PaletteTabPanelProps) {
  const store = useEditorStoreApi();
  const [query, setQuery] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => search.current?.focus(), []);

  // Enter in the search adds the first card that can be added; ArrowDown moves to the cards.
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== 'ArrowDown') return;
    const card = panel.current?.querySelector<HTMLElement>(
      event.key === 'Enter' ? '.palette-card:not([aria-disabled="true"])' : '.palette-card',
    );
    if (!card) return;
    event.preventDefault();
    if (event.key === 'Enter') card.click();
    else card.focus();
  };

  const functions = tab === 'functions';
  return (
    <div ref={panel} role="tabpanel" id={`palette-panel-${tab}`} aria-labelledby={`palette-tab-${tab}`} className="palette-panel">
      <div className="palette-search-row">
        <input
          ref={search}
          type="search"
          className="palette-search"
          placeholder={functions ? 'Search functions...' : 'Search workflows...'}
          aria-label={functions ? 'Search functions' : 'Search workflows'}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onSearchKeyDown}
        />
        {functions ? null : (
          <button
            type="button"
            className="palette-create"
            title={editorText.createWorkflow}
            aria-label={editorText.createWorkflow}
            onClick={() => store.getState().setDialog('createWorkflowOpen', true)}
          >
            +
          </button>
        )}
      </div>
      <div className="palette-results">
        {functions ? (
          <PaletteFunctionList query={query} onDragPhase={onDragPhase} />
        ) : (
          <PaletteWorkflowList query={query} onDragPhase={onDragPhase} />
        )}
      </div>
    </div>
  );
}
