// Page object of the editor's context menus: how a person opens them (right-click on a node, the
// pane, a selection or an edge), what they read in them and how they choose an entry.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { canvasPane, edgeMiddle, nodeName } from '../pageHelpers';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

export class ContextMenuPage {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('context-menu');
  }

  item(name: string): Locator {
    return this.root.getByRole('menuitem', { name, exact: true });
  }

  submenu(name: string): Locator {
    return this.page.getByRole('menu', { name });
  }

  async onNode(id: string): Promise<void> {
    await nodeName(this.page, id).click({ button: 'right' });
    await this.root.waitFor();
  }

  /** Selects the nodes (the first by a click, the rest with Shift) and right-clicks the last. */
  async onSelection(ids: readonly string[]): Promise<void> {
    for (const [i, id] of ids.entries()) await nodeName(this.page, id).click(i === 0 ? {} : { modifiers: ['Shift'] });
    await this.onNode(ids.at(-1) ?? '');
  }

  async onPane(position = { x: 60, y: 60 }): Promise<void> {
    await canvasPane(this.page).click({ button: 'right', position });
    await this.root.waitFor();
  }

  async onEdge(id: string): Promise<void> {
    const middle = await edgeMiddle(this.page, id);
    await this.page.mouse.click(middle.x, middle.y, { button: 'right' });
    await this.root.waitFor();
  }

  /** Each entry of the open menu as [label, visible shortcut hint or ''], in order. */
  async entries(): Promise<string[][]> {
    await this.root.waitFor();
    return this.root
      .getByRole('menuitem')
      .evaluateAll((items) =>
        items.map((el) => [el.querySelector('.ctx-label')?.textContent ?? '', el.querySelector('.ctx-shortcut')?.textContent ?? '']),
      );
  }

  async choose(name: string): Promise<void> {
    await this.item(name).click();
  }

  /** A person's click in the middle of an entry, disabled or not. */
  async press(name: string): Promise<void> {
    const b = await boxOf(this.item(name));
    await this.page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
  }

  async closed(): Promise<void> {
    await expect.poll(() => this.root.count()).toBe(0);
  }
}
