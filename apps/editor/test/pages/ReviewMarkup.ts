// What a review's markup becomes in the page: a Mermaid diagram drawn by the mermaid bundle the
// page loaded, and marked's HTML of a review (its table), read from a detached element.
import type { Page } from 'playwright-core';

interface MermaidApi {
  initialize(config: { startOnLoad: boolean; securityLevel: string }): void;
  parse(text: string): Promise<unknown>;
  render(id: string, text: string): Promise<{ svg: string }>;
}

declare global {
  interface Window {
    mermaid: MermaidApi;
  }
}

/** The diagram drawn as SVG: how many script elements it holds, and its text. */
export function drawnDiagram(page: Page, diagram: string): Promise<{ scripts: number; text: string }> {
  return page.evaluate(async (text) => {
    const { svg } = await window.mermaid.render('review', text);
    const holder = document.createElement('div');
    holder.innerHTML = svg;
    return { scripts: holder.querySelectorAll('script').length, text: holder.textContent ?? '' };
  }, diagram);
}

/** A review's HTML: its table's header cells, the number of cells of each row, and how many script elements it holds. */
export function renderedTable(page: Page, html: string): Promise<{ header: (string | null)[]; rows: number[]; scripts: number }> {
  return page.evaluate((markup) => {
    const holder = document.createElement('div');
    holder.innerHTML = markup;
    const rows = [...holder.querySelectorAll('table tbody tr')].map((tr) => tr.querySelectorAll('td').length);
    const header = [...holder.querySelectorAll('table thead th')].map((th) => th.textContent);
    return { header, rows, scripts: holder.querySelectorAll('script').length };
  }, html);
}
