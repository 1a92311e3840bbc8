// Accessibility scans for the browser tests: axe-core injected into the page, run on what a person
// sees at that moment, and reduced to the violations that block someone (critical and serious).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One blocking finding, short enough to read in a test failure. */
export interface AxeFinding {
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

declare global {
  interface Window {
    axe?: { run(context: Document, options: object): Promise<AxeResults> };
  }
}

/** Runs axe-core on the page as it is now; returns the critical and serious violations. */
export async function blockingViolations(page: Page): Promise<AxeFinding[]> {
  // Evaluated through the debugging protocol, which the hosted pages' CSP does not restrict.
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core did not load');
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary ?? v.help,
    }));
}
