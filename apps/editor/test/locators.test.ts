// The browser tests reach the page as a person does (roles, labels, text) or through the page
// objects (pages/*.ts, pageHelpers.ts), which alone name the canvas internals that have no role.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Files that may still use raw selectors, each with why; remove an entry once its file is converted. */
export const rawSelectorExceptions: Readonly<Record<string, string>> = {};

/**
 * A call that takes a CSS selector: Playwright's locator, frameLocator, $, $$, $eval, $$eval and
 * waitForSelector, the DOM's querySelector(All).
 */
const RAW_SELECTOR = /(?:\b(?:frameL|l)ocator|\$\$?(?:eval)?|\bquerySelector(?:All)?|\bwaitForSelector)\(/g;

/** Each raw selector call of a test file's text, as `line: text`. */
export function rawSelectorCalls(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (line.match(RAW_SELECTOR) ? [`${i + 1}: ${line.trim()}`] : []));
}

const testDir = fileURLToPath(new URL('.', import.meta.url));
const browserTests = readdirSync(testDir).filter((name) => name.endsWith('.browser.test.ts'));

describe('browser test locators', () => {
  it('finds raw selector calls', () => {
    expect(
      rawSelectorCalls(
        [
          "page.locator('.flow-node-name')",
          'await page.$$(".a")',
          "el.querySelectorAll('[role]')",
          "page.waitForSelector('#x')",
          "dialog.frameLocator('iframe')",
          "page.$eval('.b', (el) => el.id)",
          "page.getByRole('button', { name: 'Add' })",
          "page.getByLabel('Model')",
          "dialog.getByTitle('Create Workflow').contentFrame()",
        ].join('\n'),
      ),
    ).toEqual([
      "1: page.locator('.flow-node-name')",
      '2: await page.$$(".a")',
      "3: el.querySelectorAll('[role]')",
      "4: page.waitForSelector('#x')",
      "5: dialog.frameLocator('iframe')",
      "6: page.$eval('.b', (el) => el.id)",
    ]);
  });

  it('names only exceptions that exist', () => {
    expect(Object.keys(rawSelectorExceptions).filter((name) => !browserTests.includes(name))).toEqual([]);
  });

  it.each(browserTests.filter((name) => !(name in rawSelectorExceptions)))('%s uses roles or the page objects', (name) => {
    expect(rawSelectorCalls(readFileSync(`${testDir}${name}`, 'utf8'))).toEqual([]);
  });
});
