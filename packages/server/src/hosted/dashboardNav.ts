import { KEYS_PAGE_PATH, SECRETS_PAGE_PATH } from '@flow/core';
import { html, type Html } from './html.js';

/** The provider-wide pages of the dashboard, linked from each of its pages. */
export const DASHBOARD_PAGES = [
  { title: 'Secrets', path: SECRETS_PAGE_PATH },
  { title: 'Keys', path: KEYS_PAGE_PATH },
] as const;

/** Links to the provider-wide pages, `current` marked as the page shown. */
export function dashboardLinks(current?: string): Html {
  const links = DASHBOARD_PAGES.map((link, i) => {
    const separator = i === 0 ? html`` : html` · `;
    return link.path === current
      ? html`${separator}<a href="${link.path}" aria-current="page">${link.title}</a>`
      : html`${separator}<a href="${link.path}">${link.title}</a>`;
  });
  return html`${links}`;
}
