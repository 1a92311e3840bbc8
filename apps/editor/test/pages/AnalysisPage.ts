// Page object of the Advanced tab's Analysis panel: the provider's functions as chain analysis
// sees them, one list item per chain, and the standalone functions.
import type { Locator, Page } from 'playwright-core';

export class AnalysisPage {
  constructor(readonly page: Page) {}

  get panel(): Locator {
    return this.page.getByRole('region', { name: 'Analysis' });
  }

  /** A chain's item ('Chain 1', ...). */
  chain(name: string): Locator {
    return this.panel.getByRole('listitem', { name });
  }

  /** A chain's entries, in order: its functions, then a missing function or a cycle if any. */
  async entries(chain: string): Promise<string[]> {
    return this.chain(chain).locator('.analysis-node').allTextContents();
  }

  /** The entries of a chain drawn as a missing function. */
  missing(chain: string): Locator {
    return this.chain(chain).locator('.analysis-missing');
  }

  /** The entries of a chain drawn as a cycle. */
  cycles(chain: string): Locator {
    return this.chain(chain).locator('.analysis-cycle');
  }

  /** The standalone functions' items. */
  get standalone(): Locator {
    return this.panel.locator('.analysis-standalone');
  }
}
