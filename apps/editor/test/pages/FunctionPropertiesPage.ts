// Page object of a function's Properties: the panel, and each field of a settings section by the
// key it edits (a field is a label, its input and, for a slider, the value shown beside it).
import type { Locator, Page } from 'playwright-core';

const FIELD = 'data-field';

export class FunctionPropertiesPage {
  constructor(readonly page: Page) {}

  /** The Properties tab's panel. */
  get panel(): Locator {
    return this.page.getByRole('tabpanel', { name: 'Properties' });
  }

  /** The section every function has (Post Action, Function to Execute, ...): drawn once the panel shows a function. */
  get functionSettings(): Locator {
    return this.panel.getByRole('region', { name: 'Function settings' });
  }

  /** A field of a section, by the key it edits ('prompt', 'output.type', ...). */
  field(section: Locator, key: string): Locator {
    return section.locator(`[${FIELD}="${key}"]`);
  }

  /** The keys of the fields a section shows, in order. */
  async shownKeys(section: Locator): Promise<(string | null)[]> {
    return section.locator(`[${FIELD}]`).evaluateAll((els, name) => els.map((el) => el.getAttribute(name)), FIELD);
  }
}
