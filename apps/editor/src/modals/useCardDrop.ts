import { useReactFlow } from '@xyflow/react';
import { useCallback, useMemo, type DragEvent, type DragEventHandler } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { CARD_MIME, parseCardPayload } from './cardPayload';
import { addCard } from './addCard';

export interface CardDropHandlers {
  onDragOver: DragEventHandler<HTMLElement>;
  onDrop: DragEventHandler<HTMLElement>;
}

/**
 * Drop target handlers for the canvas: a palette card dropped on it adds its node at the drop
 * point (in flow coordinates) and closes the palette. Must be used under a ReactFlowProvider.
 */
export function useCardDrop(): CardDropHandlers {
  const store = useEditorStoreApi();
  const { screenToFlowPosition } = useReactFlow();

  const onDragOver = useCallback((event: DragEvent<HTMLElement>) => {
    if (!event.dataTransfer.types.includes(CARD_MIME)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }, []);

  const onDrop = useCallback(
    (event: DragEvent<HTMLElement>) => {
      const payload = parseCardPayload(event.dataTransfer.getData(CARD_MIME));
      if (!payload) return;
      event.preventDefault();
      const position = screenToFlowPosition({ x: event.clientX, y: event.clientY });
      addCard(store.getState(), payload, position);
    },
    [store, screenToFlowPosition],
  );

  return useMemo(() => ({ onDragOver, onDrop }), [onDragOver, onDrop]);
}
