// Page object of the Generate Flow dialog: how a person opens it (canvas menu, palette), describes
// an agent, generates, reads the proposal and inserts or cancels it.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ContextMenuPage } from './ContextMenuPage';

export class GenerateFlowPage {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Generate Flow' });
  }

  get description(): Locator {
    return this.dialog.getByRole('textbox', { name: 'Describe your agent' });
  }

  get generateButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Generate', exact: true });
  }

  get insertButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Insert', exact: true });
  }

  get preview(): Locator {
    return this.dialog.getByRole('list', { name: 'Proposed nodes' });
  }

  /** Right-click on an empty part of the canvas, then 'Generate Flow'. */
  async openFromCanvasMenu(position?: { x: number; y: number }): Promise<void> {
    const menu = new ContextMenuPage(this.page);
    await menu.onPane(position);
    await menu.choose('Generate Flow');
    await this.dialog.waitFor();
  }

  /** The palette (Space over the canvas, or the bar's Add), then its 'Generate Flow' button. */
  async openFromPalette(): Promise<void> {
    await this.page.getByRole('button', { name: /Add \(Space\)/ }).click();
    await this.page
      .getByTestId('function-palette')
      .getByRole('button', { name: /Generate Flow/ })
      .click();
    await this.dialog.waitFor();
  }

  async generate(description: string): Promise<void> {
    await this.description.fill(description);
    await this.generateButton.click();
  }

  /** Each proposed node as [emoji, name, kind, prompt], in order. */
  async proposed(): Promise<string[][]> {
    await this.preview.waitFor();
    return this.preview
      .locator('.generate-node')
      .evaluateAll((items) =>
        items.map((li) => [
          li.querySelector('.generate-emoji')?.textContent ?? '',
          li.querySelector('.generate-name')?.textContent ?? '',
          li.querySelector('.generate-kind')?.textContent ?? '',
          li.querySelector('.generate-prompt')?.textContent ?? '',
        ]),
      );
  }

  async closed(): Promise<void> {
    await expect.poll(() => this.dialog.count()).toBe(0);
  }
}
