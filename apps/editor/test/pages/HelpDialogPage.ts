// Page object of the How to use dialog's onboarding tab where it has no role of its own: the
// step's text (markdown, sanitized) and picture, and the dialog's code the page asked for.
import type { Locator, Page } from 'playwright-core';

export class HelpDialogPage {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'How to use' });
  }

  /** The step's text, rendered from its markdown caption. */
  get caption(): Locator {
    return this.dialog.locator('.onb-caption');
  }

  /** The step's picture (data-status: loading, loaded, failed). */
  get image(): Locator {
    return this.dialog.locator('.onb-image');
  }

  /** The picture's sources (webp first). */
  get imageSources(): Locator {
    return this.image.locator('source');
  }

  /** The keys a caption shows (kbd). */
  get captionKeys(): Locator {
    return this.caption.locator('kbd');
  }

  /** Bold text of the caption. */
  bold(text: string): Locator {
    return this.caption.locator('strong', { hasText: text });
  }

  /** Link text of the caption whose address the sanitizer removed. */
  unlinked(text: string): Locator {
    return this.caption.locator('a:not([href])', { hasText: text });
  }

  /** What a sanitizer must have removed from the dialog: scripts, event handlers, javascript: links. */
  get scripts(): Locator {
    return this.dialog.locator('script');
  }

  get eventHandlers(): Locator {
    return this.dialog.locator('[onerror]');
  }

  get javascriptLinks(): Locator {
    return this.dialog.locator('a[href^="javascript"]');
  }

  /**
   * How many files of the dialog's code the page has asked for: opening it starts loading its code
   * in the same task (the lazy import links its files in the page's head), before anything is drawn.
   */
  async codeLinks(): Promise<number> {
    return this.page.locator('link[href*="HelpDialog"]').count();
  }
}
