import { filterFunctions } from '@flow/core';
import { useCallback, useEffect, useMemo } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { addCard } from './addCard';
import type { CardPayload } from './cardPayload';
import { PaletteCard, type CardDragPhase } from './PaletteCard';
import { PALETTE_FUNCTIONS } from './paletteFunctions';
import { editorText } from '../messages';

export interface PaletteListProps {
  query: string;
  onDragPhase: (phase: CardDragPhase) => void;
}

/** The Functions tab's cards, filtered by the search. */
export function PaletteFunctionList({ query, onDragPhase }: PaletteListProps) {
  const store = useEditorStoreApi();
  const functions = useMemo(() => filterFunctions(PALETTE_FUNCTIONS, query), [query]);
  const found = functions.length;
  useEffect(() => {
    // A search's result count is said in the editor's live region; none when the search is empty.
    if (query.trim() !== '') store.getState().announce(found === 0 ? editorText.noFunctionsFound : editorText.functionsFound(found));
  }, [store, query, found]);
  const activate = useCallback((payload: CardPayload) => void addCard(store.getState(), payload), [store]);

  if (functions.length === 0) return <p className="palette-empty">{editorText.noFunctionsFound}</p>;
  return (
    <ul className="palette-grid">
      {functions.map((fn) => (
        <li key={fn.type}>
          <PaletteCard
            icon={fn.trigger_text}
            title={fn.name}
            description={fn.description}
            tooltip={fn.tooltip}
            disabled={fn.disabled}
            payload={{ kind: 'function', type: fn.type, name: fn.name }}
            onActivate={activate}
            onDragPhase={onDragPhase}
          />
        </li>
      ))}
    </ul>
  );
}
