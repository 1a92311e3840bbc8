import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';

const announcementSelector = (s: EditorState) => s.announcement;

/** The editor's one polite live region: adds, deletes, undo, redo and onboarding steps are read out here. */
export function Announcer() {
  const news = useEditor(announcementSelector);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="announcer">
      {/* Keyed by seq, so the same words said twice are read twice. */}
      {news ? <span key={news.seq}>{news.text}</span> : null}
    </div>
  );
}
