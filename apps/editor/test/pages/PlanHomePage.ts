// Page object of the plan home ('/'): the provider's plans, one row each, and the New plan form.
import type { Locator, Page } from 'playwright-core';

export class PlanHomePage {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('plan-home');
  }

  /** One row per plan. */
  get rows(): Locator {
    return this.root.getByRole('listitem');
  }

  /** The link of a plan, by its id. */
  planLink(plan: string): Locator {
    return this.root.getByRole('link', { name: plan, exact: true });
  }

  /** Each plan's id as its link reads, in order (the version links are left out). */
  async planNames(): Promise<string[]> {
    return this.rows.locator('.plan-link').allTextContents();
  }

  /** The row of a plan. */
  row(plan: string): Locator {
    // A filter's inner locator is searched inside each row, so it starts from the page, not the home.
    return this.rows.filter({ has: this.page.getByRole('link', { name: plan, exact: true }) });
  }

  /** A row's node count ('12 nodes'). */
  nodeCount(plan: string): Locator {
    return this.row(plan).locator('.plan-nodes');
  }

  /** A row's last change, readable, with the exact time as its title. */
  updated(plan: string): Locator {
    return this.row(plan).locator('time');
  }
}
