import { messages } from '@flow/core';
import { useId, useRef, type DragEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { CARD_MIME, type CardPayload } from './cardPayload';

/** A card's drag: 'armed' from the press that may start one, 'dragging' once it has started. */
export type CardDragPhase = 'idle' | 'armed' | 'dragging';

export interface PaletteCardProps {
  icon: string;
  title: string;
  description: string;
  tooltip?: string;
  disabled?: boolean;
  payload: CardPayload;
  onActivate: (payload: CardPayload) => void;
  /** Told when a drag of this card may start, starts and ends. */
  onDragPhase: (phase: CardDragPhase) => void;
}

/** A function or workflow card: drag it onto the canvas, or click it / press Enter to add it. */
export function PaletteCard({ icon, title, description, tooltip, disabled = false, payload, onActivate, onDragPhase }: PaletteCardProps) {
  const dragActive = useRef(false);
  const id = useId();
  // The press already lets the canvas behind take pointer events, so the drop can land there.
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button === 0) onDragPhase('armed');
  };
  const onDragStart = (event: DragEvent<HTMLDivElement>) => {
    event.dataTransfer.setData(CARD_MIME, JSON.stringify(payload));
    event.dataTransfer.effectAllowed = 'copy';
    dragActive.current = true;
    // Changing the dragged element inside dragstart can cancel the drag in Chromium: fade it just after.
    setTimeout(() => {
      if (dragActive.current) onDragPhase('dragging');
    }, 0);
  };
  const onDragEnd = () => {
    dragActive.current = false;
    onDragPhase('idle');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    if (!disabled) onActivate(payload);
  };
  // The card is what one drags or clicks; its title is the button (the name a screen reader
  // announces), the description describes it, so nothing is read twice.
  const describedBy = disabled ? `${id}-desc ${id}-badge` : `${id}-desc`;
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the card is the drag source; its title button is the keyboard control
    <div
      className={`palette-card${disabled ? ' disabled' : ''}`}
      title={tooltip}
      draggable={!disabled}
      onClick={disabled ? undefined : () => onActivate(payload)}
      onKeyDown={onKeyDown}
      onPointerDown={disabled ? undefined : onPointerDown}
      onDragStart={disabled ? undefined : onDragStart}
      onDragEnd={onDragEnd}
    >
      <span className="palette-card-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="palette-card-text">
        <button
          type="button"
          className="palette-card-title"
          aria-describedby={describedBy}
          aria-disabled={disabled || undefined}
          title={tooltip}
        >
          {title}
        </button>
        <span className="palette-card-desc" id={`${id}-desc`}>
          {description}
        </span>
        {disabled ? (
          <span className="palette-card-badge" id={`${id}-badge`}>
            {messages.comingSoon}
          </span>
        ) : null}
      </span>
    </div>
  );
}
