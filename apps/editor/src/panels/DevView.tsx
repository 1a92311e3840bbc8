import { useMemo } from 'react';
import { textPieces } from './textPieces';

/** The height of a line of .dev-view in em (its font's normal line height). */
const LINE_EM = 1.2;

/**
 * A read-only text of the Development tabs (the flow schema, the compiled prompt), in pieces the
 * browser lays out only when they scroll into view (content-visibility): at 5,000 nodes the
 * prompt is ~1.9 MB, whose layout in one piece took ~0.5-1 s of the main thread after a load.
 */
export function DevView({ text, label }: { text: string; label: string }) {
  const pieces = useMemo(() => textPieces(text), [text]);
  return (
    <pre className="dev-view" aria-label={label} tabIndex={0}>
      {pieces.map((piece, i) => (
        // Until drawn once, a piece is as tall as its lines would be unwrapped.
        <span key={i} className="dev-view-piece" style={{ containIntrinsicBlockSize: `auto ${piece.lines * LINE_EM}em` }}>
          {piece.text}
        </span>
      ))}
    </pre>
  );
}
