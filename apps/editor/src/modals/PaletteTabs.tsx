import type { KeyboardEvent } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import type { PaletteTab } from '../store/types';
import { editorText } from '../messages';

const TABS: ReadonlyArray<{ id: PaletteTab; label: string }> = [
  { id: 'functions', label: 'Functions' },
  { id: 'workflows', label: 'Workflows' },
];

/** The palette's Functions and Workflows tabs; Left and Right switch between them. */
export function PaletteTabs({ tab }: { tab: PaletteTab }) {
  const store = useEditorStoreApi();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tab === 'functions' ? 'workflows' : 'functions';
    store.getState().setPaletteTab(next);
    document.getElementById(`palette-tab-${next}`)?.focus();
  };
  return (
    <div className="palette-tabs" role="tablist" tabIndex={-1} aria-label={editorText.palette} onKeyDown={onKeyDown}>
      {TABS.map(({ id, label }) => (
        <button
          key={id}
          id={`palette-tab-${id}`}
          type="button"
          role="tab"
          className="palette-tab"
          aria-selected={tab === id}
          aria-controls={`palette-panel-${id}`}
          tabIndex={tab === id ? 0 : -1}
          onClick={() => store.getState().setPaletteTab(id)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
