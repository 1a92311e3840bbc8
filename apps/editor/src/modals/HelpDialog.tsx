import * as Dialog from '@radix-ui/react-dialog';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { HelpTabs, panelId, tabId, type HelpTab } from '../help/HelpTabs';
import { KeybindingsTab } from '../help/KeybindingsTab';
import { preloadSteps } from '../help/loadSteps';
import { useSelectionLock } from '../help/useSelectionLock';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import '../help/help.css';
import './modals.css';
import { editorText } from '../messages';
import { ACTIONS } from '../actions/actions';

// Markdown, sanitizer and steps load only when the modal opens (or is about to): not in the initial chunk.
const loadOnboardingTab = () => import('../help/OnboardingTab');
const OnboardingTab = lazy(() => loadOnboardingTab().then((m) => ({ default: m.OnboardingTab })));

/** Fetches the Onboarding tab's code (markdown and sanitizer included) and its steps file ahead of the modal's opening. */
export function preloadOnboarding(): void {
  // A failure shows when the tab renders, which asks again.
  loadOnboardingTab().catch(() => undefined);
  preloadSteps();
}

const openSelector = (s: EditorState) => s.helpOpen;

/** The modal's inside; mounted on each open, so the tab starts on Onboarding every time. */
function HelpBody({ onClose }: { onClose: () => void }) {
  const [tab, setTab] = useState<HelpTab>('onboarding');
  return (
    <>
      <header className="modal-header">
        <Dialog.Title className="modal-title">{ACTIONS.help.label}</Dialog.Title>
        <Dialog.Close className="modal-close" aria-label={editorText.close}>
          ×
        </Dialog.Close>
      </header>
      <HelpTabs tab={tab} onChange={setTab} />
      <div
        className="help-panel"
        role="tabpanel"
        id={panelId('onboarding')}
        aria-labelledby={tabId('onboarding')}
        hidden={tab !== 'onboarding'}
      >
        <Suspense fallback={<p className="onb-message">{editorText.loading}</p>}>
          <OnboardingTab active={tab === 'onboarding'} onClose={onClose} />
        </Suspense>
      </div>
      <div
        className="help-panel"
        role="tabpanel"
        id={panelId('keybindings')}
        aria-labelledby={tabId('keybindings')}
        hidden={tab !== 'keybindings'}
      >
        <KeybindingsTab />
      </div>
    </>
  );
}

/** 'How to use' (F1): the onboarding steps and the keybindings, in two tabs. */
export function HelpDialog() {
  const store = useEditorStoreApi();
  const open = useEditor(openSelector);
  const content = useRef<HTMLDivElement>(null);
  const setOpen = useCallback((next: boolean) => store.getState().setDialog('helpOpen', next), [store]);
  const close = useCallback(() => setOpen(false), [setOpen]);
  useSelectionLock(open);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          ref={content}
          className="modal help"
          aria-describedby={undefined}
          data-testid="help-dialog"
          onOpenAutoFocus={(e) => {
            // Focus the modal itself, so that Enter and the arrows drive the steps at once.
            e.preventDefault();
            content.current?.focus();
          }}
        >
          <HelpBody onClose={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
