import { useCallback, useEffect, useMemo, useState } from 'react';
import { isControl, isTyping } from '../keyboard/isTyping';
import { withKeys } from './captionKeys';
import { dontShowAgain, savedStep, saveStep, setDontShowAgain } from './onboardingStorage';
import { loadSteps } from './loadSteps';
import type { OnboardingStep } from './onboardingSteps';
import { renderCaption } from './renderCaption';
import { StepImage } from './StepImage';
import { editorText } from '../messages';
import { useEditorStoreApi } from '../store/EditorStoreContext';

/** Arrows mean something in a text field or on a tab; elsewhere in the modal they move between steps. */
function arrowsFree(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) return true;
  return !isTyping(target) && !(target instanceof HTMLElement && target.getAttribute('role') === 'tab');
}

function Step({
  step,
  index,
  count,
  zoomed,
  onZoom,
}: {
  step: OnboardingStep;
  index: number;
  count: number;
  zoomed: boolean;
  onZoom: (open: boolean) => void;
}) {
  const caption = useMemo(() => renderCaption(withKeys(step.caption)), [step.caption]);
  return (
    <div className="onb-step" data-testid="onboarding-step" data-step-id={step.id}>
      <p className="onb-count">
        Step {index + 1} of {count}
      </p>
      <h3 className="onb-title">{step.title}</h3>
      <div
        className="onb-progress"
        role="progressbar"
        aria-label={editorText.onboardingProgress}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={index + 1}
        aria-valuetext={`Step ${index + 1} of ${count}`}
      >
        <div className="onb-progress-fill" style={{ width: `${((index + 1) / count) * 100}%` }} />
      </div>
      {/* Sanitized by renderCaption (DOMPurify) right above. */}
      <div className="onb-caption" dangerouslySetInnerHTML={{ __html: caption }} />
      {step.imageWebp || step.imageJpg ? <StepImage key={step.id} step={step} zoomed={zoomed} onZoom={onZoom} /> : null}
      {step.note ? <p className="onb-note">{step.note}</p> : null}
    </div>
  );
}

/**
 * The Onboarding tab of 'How to use': the steps file's steps one at a time, with the saved
 * step restored. Loaded on demand (markdown and sanitizer included), when the modal opens.
 */
export function OnboardingTab({ active, onClose }: { active: boolean; onClose: () => void }) {
  const [steps, setSteps] = useState<OnboardingStep[] | null>(null);
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [hide, setHide] = useState(dontShowAgain);

  useEffect(() => {
    let live = true;
    void loadSteps().then((loaded) => {
      if (!live) return;
      setSteps(loaded);
      setIndex(savedStep(loaded.length));
    });
    return () => {
      live = false;
    };
  }, []);

  const count = steps?.length ?? 0;
  const go = useCallback(
    (next: number) => {
      if (next < 0 || next >= count) return;
      setIndex(next);
      saveStep(next);
    },
    [count],
  );
  const finish = useCallback(() => {
    // A finished tour starts again from the first step; Skip keeps the place instead.
    saveStep(0);
    onClose();
  }, [onClose]);
  const last = index === count - 1;

  useEffect(() => {
    if (!active || count === 0 || zoomed) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        if (!arrowsFree(e.target)) return;
        e.preventDefault();
        go(index + (e.key === 'ArrowRight' ? 1 : -1));
      } else if (e.key === 'Enter') {
        // Enter on a button or a checkbox is that control's own key (decisions: Enter is no shortcut on controls).
        if (isControl(e.target) || isTyping(e.target)) return;
        e.preventDefault();
        if (last) finish();
        else go(index + 1);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active, count, zoomed, index, last, go, finish]);

  const toggleHide = (on: boolean) => {
    setHide(on);
    setDontShowAgain(on);
  };
  const step = steps?.[index];
  const store = useEditorStoreApi();
  const title = step?.title;
  useEffect(() => {
    // Each step reached is said in the editor's live region (it stays heard over the modal).
    if (active && title !== undefined) store.getState().announce(editorText.stepOf(index + 1, count, title));
  }, [store, active, index, count, title]);

  return (
    <div className="onb">
      <div className="onb-body">
        {steps === null ? <p className="onb-message">{editorText.loadingSteps}</p> : null}
        {steps !== null && !step ? (
          <p className="onb-message" data-testid="onboarding-empty">
            {editorText.stepsNotLoaded}
          </p>
        ) : null}
        {step ? <Step step={step} index={index} count={count} zoomed={zoomed} onZoom={setZoomed} /> : null}
      </div>
      <footer className="onb-footer">
        <label className="onb-hide">
          <input type="checkbox" checked={hide} onChange={(e) => toggleHide(e.target.checked)} />
          {editorText.dontShowAgain}
        </label>
        {step ? (
          <>
            <button type="button" className="btn" onClick={() => go(index - 1)} disabled={index === 0}>
              {editorText.back}
            </button>
            <button type="button" className="btn" onClick={onClose}>
              {editorText.skip}
            </button>
            <button type="button" className="btn btn-primary" onClick={last ? finish : () => go(index + 1)}>
              {last ? 'Finish' : 'Next'}
            </button>
          </>
        ) : (
          <button type="button" className="btn" onClick={onClose}>
            {editorText.close}
          </button>
        )}
      </footer>
    </div>
  );
}
