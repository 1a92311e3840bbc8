import { useCallback, type ComponentType } from 'react';
import { EmojiPickerRoot } from '../emoji/EmojiPickerRoot';
import { useOnboardingAutoOpen } from '../help/useOnboardingAutoOpen';
import { lazyComponent } from '../lazy/lazyComponent';
import { MountWhenOpened } from '../lazy/MountWhenOpened';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';

const loadHelpDialog = () => import('./HelpDialog');

/** The help modal's code and its Onboarding tab's, fetched before the onboarding opens by itself. */
const preloadHelp = (): void => {
  // A failure shows when the modal renders, which asks again.
  loadHelpDialog().then(
    (m) => m.preloadOnboarding(),
    () => undefined,
  );
};

/** Each dialog with the store flag that opens it; its code (and Radix's) is fetched when it first opens. */
const DIALOGS: ReadonlyArray<{ name: string; opened: (s: EditorState) => boolean; Dialog: ComponentType }> = [
  {
    name: 'palette',
    opened: (s) => s.palette.open,
    Dialog: lazyComponent(() => import('./FunctionPalette').then((m) => m.FunctionPalette)),
  },
  {
    name: 'selectWorkflow',
    opened: (s) => s.selectWorkflowOpen,
    Dialog: lazyComponent(() => import('./SelectWorkflowModal').then((m) => m.SelectWorkflowModal)),
  },
  {
    name: 'reportBug',
    opened: (s) => s.reportBugOpen,
    Dialog: lazyComponent(() => import('./ReportBugDialog').then((m) => m.ReportBugDialog)),
  },
  {
    name: 'confirmErase',
    opened: (s) => s.confirmEraseOpen,
    Dialog: lazyComponent(() => import('./ConfirmEraseDialog').then((m) => m.ConfirmEraseDialog)),
  },
  {
    name: 'confirmReload',
    opened: (s) => s.confirmReloadOpen,
    Dialog: lazyComponent(() => import('./ConfirmReloadDialog').then((m) => m.ConfirmReloadDialog)),
  },
  {
    name: 'createWorkflow',
    opened: (s) => s.createWorkflowOpen,
    Dialog: lazyComponent(() => import('./CreateWorkflowDialog').then((m) => m.CreateWorkflowDialog)),
  },
  {
    name: 'generate',
    opened: (s) => s.generateOpen,
    Dialog: lazyComponent(() => import('./GenerateFlowDialog').then((m) => m.GenerateFlowDialog)),
  },
  {
    name: 'changes',
    opened: (s) => s.changesOpen,
    Dialog: lazyComponent(() => import('./ChangesDialog').then((m) => m.ChangesDialog)),
  },
  {
    name: 'nodePicker',
    opened: (s) => s.nodePicker !== null,
    Dialog: lazyComponent(() => import('./NodePickerDialog').then((m) => m.NodePickerDialog)),
  },
  { name: 'help', opened: (s) => s.helpOpen, Dialog: lazyComponent(() => loadHelpDialog().then((m) => m.HelpDialog)) },
];

const planPage = (s: EditorState) => s.planId !== '';

/** Every dialog of the editor, each opened from the store. */
export function ModalRoot() {
  const store = useEditorStoreApi();
  const onPlanPage = useEditor(planPage);
  // The onboarding opens by itself on a first visit; the help modal's code loads meanwhile.
  const showHelp = useCallback(() => store.getState().setDialog('helpOpen', true), [store]);
  useOnboardingAutoOpen(onPlanPage, showHelp, preloadHelp);
  return (
    <>
      {DIALOGS.map(({ name, opened, Dialog }) => (
        <MountWhenOpened key={name} opened={opened}>
          <Dialog />
        </MountWhenOpened>
      ))}
      <EmojiPickerRoot />
    </>
  );
}
