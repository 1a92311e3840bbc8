/** An onboarding step (spec section 3), with its image addresses resolved. */
export interface OnboardingStep {
  id: string;
  title: string;
  /** Markdown; the spec's `caption`, or its `desc` when there is no caption. */
  caption: string;
  imageWebp: string | null;
  imageJpg: string | null;
  alt: string;
  note: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

function resolve(v: unknown, base: string): string | null {
  const s = text(v);
  if (s === null) return null;
  try {
    return new URL(s, base).href;
  } catch {
    return null;
  }
}

/**
 * The steps of a steps file (an array, or `{ steps: [...] }`); entries with neither a title nor
 * a caption are dropped, image paths are resolved against the file's address, `alt` defaults to
 * the title, or 'Onboarding step'.
 * @example parseSteps([{ title: 'Welcome', caption: '**Hi**' }], 'http://x/onboarding/steps.json')
 */
export function parseSteps(json: unknown, base: string): OnboardingStep[] {
  const list = Array.isArray(json) ? json : json !== null && typeof json === 'object' && 'steps' in json ? json.steps : null;
  if (!Array.isArray(list)) return [];
  const steps: OnboardingStep[] = [];
  list.forEach((entry: unknown, i) => {
    if (entry === null || typeof entry !== 'object') return;
    const e: Record<string, unknown> = { ...entry };
    const title = text(e.title);
    const caption = text(e.caption) ?? text(e.desc);
    if (title === null && caption === null) return;
    steps.push({
      id: text(e.id) ?? `step-${i + 1}`,
      title: title ?? '',
      caption: caption ?? '',
      imageWebp: resolve(e.imageWebp ?? e.imagewebp, base),
      imageJpg: resolve(e.imageJpg ?? e.image, base),
      alt: text(e.alt) ?? title ?? 'Onboarding step',
      note: text(e.note),
    });
  });
  return steps;
}
