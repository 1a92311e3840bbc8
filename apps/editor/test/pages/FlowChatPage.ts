// Page object of <flow-chat>, the embeddable chat: its parts by role and name (Playwright reads
// the open shadow root), and what a test inspects inside the shadow root that has no role.
import { embedMessages } from '@flow/server';
import type { Locator, Page } from 'playwright-core';

/** What the transcript holds beyond text: elements other than the plain ones, links, event handlers, and whether a script ran. */
export interface TranscriptMarkup {
  tags: string[];
  links: { href: string; target: string; rel: string; text: string | null }[];
  handlers: string[];
  pwned: boolean;
}

export class FlowChatPage {
  constructor(
    readonly page: Page,
    readonly title = 'Support',
  ) {}

  get bubble(): Locator {
    return this.page.getByRole('button', { name: `Open chat: ${this.title}` });
  }
  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: this.title });
  }
  get log(): Locator {
    return this.page.getByRole('log', { name: embedMessages.transcript });
  }
  get input(): Locator {
    return this.page.getByRole('textbox', { name: embedMessages.messageLabel });
  }
  get send(): Locator {
    return this.page.getByRole('button', { name: embedMessages.send });
  }
  get alert(): Locator {
    return this.page.getByRole('alert');
  }

  /** The bold text of the transcript's messages. */
  bold(): Locator {
    return this.log.locator('strong');
  }

  /** Whether `part` has the focus inside the chat's shadow root. */
  async hasFocus(part: Locator): Promise<boolean> {
    return part.evaluate((el) => el === document.querySelector('flow-chat')?.shadowRoot?.activeElement);
  }

  /** The transcript's markup, read in the page. */
  async markup(): Promise<TranscriptMarkup> {
    return this.page.evaluate(() => {
      const log = document.querySelector('flow-chat')?.shadowRoot?.querySelector('[role="log"]');
      return {
        tags: [...(log?.querySelectorAll('*') ?? [])]
          .map((el) => el.tagName.toLowerCase())
          .filter((tag) => !['div', 'span', 'p', 'strong'].includes(tag)),
        links: [...(log?.querySelectorAll('a') ?? [])].map((a) => ({ href: a.href, target: a.target, rel: a.rel, text: a.textContent })),
        handlers: [...(log?.querySelectorAll('*') ?? [])].flatMap((el) => el.getAttributeNames().filter((name) => name.startsWith('on'))),
        pwned: 'pwned' in window,
      };
    });
  }
}
