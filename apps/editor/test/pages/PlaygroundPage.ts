// Page object of the Playground tab: its transcript (the person's and the agent's entries, the
// agent's tool calls) and its settings. The entries' parts have no role of their own.
import type { Locator, Page } from 'playwright-core';

const AGENT = '.pg-agent';
const TEXT = '.pg-text';
const AGENT_TEXT = `${AGENT} ${TEXT}`;
const SUMMARY = 'summary';

export class PlaygroundPage {
  constructor(readonly page: Page) {}

  /** Every entry of the transcript, the person's and the agent's. */
  get entries(): Locator {
    return this.page.locator('.pg-entry');
  }

  /** The texts the person sent. */
  get userTexts(): Locator {
    return this.page.locator(`.pg-user ${TEXT}`);
  }

  /** The agent's entries. */
  get agentEntries(): Locator {
    return this.page.locator(AGENT);
  }

  /** The agent's answers' texts. */
  get agentTexts(): Locator {
    return this.page.locator(AGENT_TEXT);
  }

  /** An entry's text. */
  text(entry: Locator): Locator {
    return entry.locator(TEXT);
  }

  /** The tool calls shown in the agent's entries (or in one entry). */
  toolCalls(within: Locator = this.agentEntries): Locator {
    return within.locator('.pg-tool');
  }

  /** A tool call's one-line summary ('look_up_order ok · 12 ms'), which opens it. */
  summary(call: Locator): Locator {
    return call.locator(SUMMARY);
  }

  /** A tool call's preformatted outputs (its error last). */
  outputs(call: Locator): Locator {
    return call.locator('pre');
  }

  /** A tool call's values: its arguments, then its output. */
  values(call: Locator): Locator {
    return call.locator('dd');
  }

  /** Opens the Settings (the model name). */
  async openSettings(): Promise<void> {
    await this.page.locator(`.pg-settings ${SUMMARY}`).click();
  }

  /** Starts recording every text the agent's last answer shows, as it streams in. */
  async recordAgentTexts(): Promise<void> {
    await this.page.evaluate((selector) => {
      const seenTexts = new Set<string>();
      Reflect.set(window, '__pgTexts', seenTexts);
      new MutationObserver(() => {
        const text = [...document.querySelectorAll(selector)].at(-1)?.textContent ?? '';
        seenTexts.add(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, AGENT_TEXT);
  }

  /** The texts recorded since recordAgentTexts. */
  async recordedAgentTexts(): Promise<string[]> {
    return this.page.evaluate(() => {
      const texts = Reflect.get(window, '__pgTexts');
      return texts instanceof Set ? [...texts].map(String) : [];
    });
  }
}
