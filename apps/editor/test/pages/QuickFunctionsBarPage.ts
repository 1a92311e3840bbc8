// Page object of the Quick Functions bar: its buttons by name, and the row that scrolls under its arrows.
import type { Locator, Page } from 'playwright-core';

export class QuickFunctionsBarPage {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByRole('toolbar', { name: 'Quick Functions' });
  }

  /** The row of functions that scrolls when it does not fit. */
  get scroller(): Locator {
    return this.root.locator('.qf-scroller');
  }

  /** The function buttons, in order (the scroll arrows left out). */
  get items(): Locator {
    return this.root.locator('.qf-item');
  }

  /** Each function's name as the bar shows it under its emoji, in order. */
  async names(): Promise<string[]> {
    return this.items.locator(':scope > span:last-child').allTextContents();
  }
}
