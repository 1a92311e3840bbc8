// Page object of the Select Workflow modal: its workflows, each a button with a name and a
// description, and its loading and error states.
import type { Locator, Page } from 'playwright-core';

const NAME = '.selwf-name';
const DESCRIPTION = '.selwf-desc';

export class SelectWorkflowPage {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('select-workflow-modal');
  }

  /** One button per workflow. */
  get items(): Locator {
    return this.root.getByRole('list').getByRole('button');
  }

  /** Each workflow as [name, description], in order. */
  async rows(): Promise<(string | undefined)[][]> {
    return this.items.evaluateAll(
      (items, sel) => items.map((el) => [el.querySelector(sel.name)?.textContent, el.querySelector(sel.description)?.textContent]),
      { name: NAME, description: DESCRIPTION },
    );
  }

  /** A workflow button's description ('No description' when it has none). */
  description(item: Locator): Locator {
    return item.locator(DESCRIPTION);
  }

  /** The message of the error state, without its Retry button. */
  get errorMessage(): Locator {
    return this.root.getByRole('alert').locator('span');
  }
}
