import { EmojiPickerRoot } from '../emoji/EmojiPickerRoot';
import { ConfirmEraseDialog } from './ConfirmEraseDialog';
import { ConfirmReloadDialog } from './ConfirmReloadDialog';
import { CreateWorkflowDialog } from './CreateWorkflowDialog';
import { FunctionPalette } from './FunctionPalette';
import { HelpDialog } from './HelpDialog';
import { ReportBugDialog } from './ReportBugDialog';
import { SelectWorkflowModal } from './SelectWorkflowModal';

/** Every dialog of the editor, each opened from the store. */
export function ModalRoot() {
  return (
    <>
      <FunctionPalette />
      <SelectWorkflowModal />
      <ReportBugDialog />
      <ConfirmEraseDialog />
      <ConfirmReloadDialog />
      <CreateWorkflowDialog />
      <HelpDialog />
      <EmojiPickerRoot />
    </>
  );
}
