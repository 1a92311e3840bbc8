// Page object of the palette's cards: a card is its button (named by the title) with its
// description and badge around it, which describe the button but have no role of their own.
import type { Locator, Page } from 'playwright-core';

const CARD = '.palette-card';
const TITLE = '.palette-card-title';
const DESCRIPTION = '.palette-card-desc';

export class PalettePage {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('function-palette');
  }

  /** Every card of the open tab. */
  get cards(): Locator {
    return this.root.locator(CARD);
  }

  /** The whole card whose button is named `name` (drag source, with its description and badge). */
  cardOf(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('button', { name, exact: true }) });
  }

  description(name: string): Locator {
    return this.cardOf(name).locator(DESCRIPTION);
  }

  badge(name: string): Locator {
    return this.cardOf(name).locator('.palette-card-badge');
  }

  /** Each card as [title, description], in order. */
  async texts(): Promise<(string | undefined)[][]> {
    return this.cards.evaluateAll(
      (cards, sel) => cards.map((c) => [c.querySelector(sel.title)?.textContent, c.querySelector(sel.description)?.textContent]),
      { title: TITLE, description: DESCRIPTION },
    );
  }
}
