import type { EditorState } from './types';

/** Whether a dialog, the palette or the emoji picker is open: the keys are theirs then. */
export function isModalOpen(s: EditorState): boolean {
  return (
    s.palette.open ||
    s.reportBugOpen ||
    s.selectWorkflowOpen ||
    s.createWorkflowOpen ||
    s.helpOpen ||
    s.changesOpen ||
    s.confirmEraseOpen ||
    s.confirmReloadOpen ||
    s.generateOpen ||
    s.emojiPicker.visible ||
    s.nodePicker !== null
  );
}
