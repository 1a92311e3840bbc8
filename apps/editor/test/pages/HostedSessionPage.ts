// Page object of a hosted session (the provider's page of a workflow link): its steps, each with
// its form and its output, and the session's status line.
import type { Locator, Page } from 'playwright-core';

export class HostedSessionPage {
  constructor(readonly page: Page) {}

  /** A step's item, by its index in the workflow (from 0). */
  step(index: number): Locator {
    return this.page.locator(`[data-step-index="${index}"]`);
  }

  /** A step once the session gives it this status ('done', 'not configured', ...). */
  stepWithStatus(index: number, status: string): Locator {
    return this.page.locator(`[data-step-index="${index}"][data-status="${status}"]`);
  }

  /** What a step said (its status line). */
  output(index: number): Locator {
    return this.step(index).getByRole('status');
  }

  /** The session's own status line, under the steps. */
  get status(): Locator {
    return this.page.locator('#session-status');
  }
}
