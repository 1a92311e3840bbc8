import { useCallback } from 'react';
import { EmojiPickerRoot } from '../emoji/EmojiPickerRoot';
import { useOnboardingAutoOpen } from '../help/useOnboardingAutoOpen';
import { lazyComponent } from '../lazy/lazyComponent';
import { MountWhenOpened } from '../lazy/MountWhenOpened';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';

// Each dialog's code (and Radix's) is fetched when it first opens, not with the editor.
const FunctionPalette = lazyComponent(() => import('./FunctionPalette').then((m) => m.FunctionPalette));
const SelectWorkflowModal = lazyComponent(() => import('./SelectWorkflowModal').then((m) => m.SelectWorkflowModal));
const ReportBugDialog = lazyComponent(() => import('./ReportBugDialog').then((m) => m.ReportBugDialog));
const ConfirmEraseDialog = lazyComponent(() => import('./ConfirmEraseDialog').then((m) => m.ConfirmEraseDialog));
const ConfirmReloadDialog = lazyComponent(() => import('./ConfirmReloadDialog').then((m) => m.ConfirmReloadDialog));
const CreateWorkflowDialog = lazyComponent(() => import('./CreateWorkflowDialog').then((m) => m.CreateWorkflowDialog));
const HelpDialog = lazyComponent(() => import('./HelpDialog').then((m) => m.HelpDialog));

const paletteOpen = (s: EditorState) => s.palette.open;
const selectWorkflowOpen = (s: EditorState) => s.selectWorkflowOpen;
const reportBugOpen = (s: EditorState) => s.reportBugOpen;
const confirmEraseOpen = (s: EditorState) => s.confirmEraseOpen;
const confirmReloadOpen = (s: EditorState) => s.confirmReloadOpen;
const createWorkflowOpen = (s: EditorState) => s.createWorkflowOpen;
const helpOpen = (s: EditorState) => s.helpOpen;
const planPage = (s: EditorState) => s.planId !== '';

/** Every dialog of the editor, each opened from the store. */
export function ModalRoot() {
  const store = useEditorStoreApi();
  const onPlanPage = useEditor(planPage);
  // The onboarding opens by itself on a first visit; the help modal's code loads then.
  const showHelp = useCallback(() => store.getState().setDialog('helpOpen', true), [store]);
  useOnboardingAutoOpen(onPlanPage, showHelp);
  return (
    <>
      <MountWhenOpened opened={paletteOpen}>
        <FunctionPalette />
      </MountWhenOpened>
      <MountWhenOpened opened={selectWorkflowOpen}>
        <SelectWorkflowModal />
      </MountWhenOpened>
      <MountWhenOpened opened={reportBugOpen}>
        <ReportBugDialog />
      </MountWhenOpened>
      <MountWhenOpened opened={confirmEraseOpen}>
        <ConfirmEraseDialog />
      </MountWhenOpened>
      <MountWhenOpened opened={confirmReloadOpen}>
        <ConfirmReloadDialog />
      </MountWhenOpened>
      <MountWhenOpened opened={createWorkflowOpen}>
        <CreateWorkflowDialog />
      </MountWhenOpened>
      <MountWhenOpened opened={helpOpen}>
        <HelpDialog />
      </MountWhenOpened>
      <EmojiPickerRoot />
    </>
  );
}
