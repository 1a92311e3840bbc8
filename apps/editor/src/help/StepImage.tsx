import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { OnboardingStep } from './onboardingSteps';
import { editorText } from '../messages';

type Status = 'loading' | 'loaded' | 'missing';

function Picture({ step, onStatus }: { step: OnboardingStep; onStatus?: (s: Status) => void }) {
  return (
    <picture>
      {step.imageWebp ? <source srcSet={step.imageWebp} type="image/webp" /> : null}
      <img
        src={step.imageJpg ?? step.imageWebp ?? undefined}
        alt={step.alt}
        width={1200}
        height={675}
        onLoad={() => onStatus?.('loaded')}
        onError={() => onStatus?.('missing')}
      />
    </picture>
  );
}

/**
 * A step's picture (webp, jpg fallback) with a placeholder while it loads or when it is missing;
 * a click zooms it in a dialog of its own, so Esc closes the zoom before the help modal.
 */
export function StepImage({ step, zoomed, onZoom }: { step: OnboardingStep; zoomed: boolean; onZoom: (open: boolean) => void }) {
  const [status, setStatus] = useState<Status>('loading');
  return (
    <div className="onb-image" data-status={status}>
      {status === 'loaded' ? null : (
        <div className="onb-image-placeholder" aria-hidden="true">
          {status === 'missing' ? 'Image not available' : 'Loading image…'}
        </div>
      )}
      <button
        type="button"
        className="onb-image-button"
        onClick={() => onZoom(true)}
        disabled={status !== 'loaded'}
        aria-label={`Zoom image: ${step.alt}`}
        title={editorText.clickToZoom}
      >
        <Picture step={step} onStatus={setStatus} />
      </button>
      <Dialog.Root open={zoomed} onOpenChange={onZoom}>
        <Dialog.Portal>
          <Dialog.Overlay className="onb-zoom-overlay" />
          <Dialog.Content className="onb-zoom" aria-describedby={undefined} data-testid="onboarding-zoom" onClick={() => onZoom(false)}>
            <Dialog.Title className="visually-hidden">{step.alt}</Dialog.Title>
            <Picture step={step} />
            <Dialog.Close className="onb-zoom-close" aria-label={editorText.closeZoom}>
              ×
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
