import { createChatSession, type ChatSession, type ChatState } from './chatSession.js';
import { embedMessages } from './embedMessages.js';
import { parseMarkdown } from './markdown.js';
import { markdownToDom } from './markdownDom.js';
import { FLOW_CHAT_STYLES } from './flowChatStyles.js';

const SVG = 'http://www.w3.org/2000/svg';
const BUBBLE_ICON = 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z';

/** An element of the shadow tree, its properties and children set. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = Object.assign(document.createElement(tag), props);
  element.append(...children);
  return element;
}

let panels = 0;

/** The bubble's icon, decorative. */
function bubbleIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const path = document.createElementNS(SVG, 'path');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  path.setAttribute('d', BUBBLE_ICON);
  svg.append(path);
  return svg;
}

/**
 * `<flow-chat agent="plan[/version]" key="flow_sk_…" title="Support" api="https://…">`: a chat
 * bubble that opens a non-modal dialog with the conversation, streamed from the provider's
 * `/v1/chat/completions`. `defaultApi` is where the script was loaded from.
 */
export function flowChatElement(defaultApi: string): CustomElementConstructor {
  return class FlowChat extends HTMLElement {
    static observedAttributes = ['agent', 'key', 'title', 'api'];
    private readonly root = this.attachShadow({ mode: 'open' });
    private readonly uid = `flow-chat-${String(++panels)}`;
    private readonly bubble = el('button', { type: 'button', className: 'bubble' });
    private readonly heading = el('h2', { id: `${this.uid}-title` });
    private readonly log = el('div', { className: 'log' });
    private readonly error = el('p', { className: 'error' });
    private readonly input = el('textarea', { id: `${this.uid}-input`, rows: 1 });
    private readonly sendButton = el('button', { type: 'submit', className: 'send' }, embedMessages.send);
    private readonly panel = el('section', { className: 'panel', id: `${this.uid}-panel`, hidden: true });
    private session: ChatSession | null = null;
    private shown: HTMLElement[] = [];
    private started = false;

    constructor() {
      super();
      const close = el('button', { type: 'button', className: 'close' }, '×');
      close.setAttribute('aria-label', embedMessages.closeChat);
      const form = el(
        'form',
        {},
        el('label', { htmlFor: this.input.id, className: 'sr' }, embedMessages.messageLabel),
        this.input,
        this.sendButton,
      );
      // The host's `title` attribute would be every descendant's tooltip: the panel has none, the bubble says what it does.
      this.panel.title = '';
      this.panel.setAttribute('role', 'dialog');
      this.panel.setAttribute('aria-modal', 'false');
      this.panel.setAttribute('aria-labelledby', this.heading.id);
      this.log.setAttribute('role', 'log');
      this.log.setAttribute('aria-live', 'polite');
      this.log.setAttribute('aria-label', embedMessages.transcript);
      this.log.tabIndex = 0;
      this.error.setAttribute('role', 'alert');
      this.bubble.setAttribute('aria-expanded', 'false');
      this.bubble.setAttribute('aria-controls', this.panel.id);
      this.bubble.append(bubbleIcon());
      this.panel.append(el('header', {}, this.heading, close), this.log, this.error, form);
      this.root.append(el('style', {}, FLOW_CHAT_STYLES), this.panel, this.bubble);

      this.bubble.addEventListener('click', () => this.toggle(this.panel.hidden));
      close.addEventListener('click', () => this.toggle(false));
      this.panel.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          this.toggle(false);
        }
      });
      this.input.addEventListener('keydown', (event) => {
        // Enter sends; Shift+Enter (and Enter while composing text in an input method) adds a line.
        if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
          event.preventDefault();
          form.requestSubmit();
        }
      });
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const text = this.input.value;
        if (this.session === null || this.session.state().busy || text.trim() === '') return;
        this.input.value = '';
        void this.session.send(text);
      });
    }

    connectedCallback(): void {
      this.started = true;
      this.connect();
    }

    disconnectedCallback(): void {
      this.started = false;
      this.session?.destroy();
      this.session = null;
    }

    attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      this.showTitle();
      // Before the element is connected, connectedCallback starts the chat once with every attribute.
      if (this.started && name !== 'title' && old !== value) this.connect();
    }

    private showTitle(): void {
      const title = this.getAttribute('title') ?? '';
      this.heading.textContent = title === '' ? embedMessages.defaultTitle : title;
      this.bubble.setAttribute('aria-label', embedMessages.openChat(this.heading.textContent));
      this.bubble.title = embedMessages.openChat(this.heading.textContent);
    }

    /** (Re)starts the engine for the current agent, key and provider. */
    private connect(): void {
      this.showTitle();
      this.session?.destroy();
      this.session = null;
      const agent = this.getAttribute('agent') ?? '';
      const key = this.getAttribute('key') ?? '';
      const api = (this.getAttribute('api') ?? defaultApi).replace(/\/+$/, '');
      this.shown = [];
      this.log.replaceChildren();
      if (agent === '' || key === '') {
        this.render({ messages: [], conversationId: null, busy: false, error: embedMessages.notConfigured });
        return;
      }
      let storage: Storage | null = null;
      try {
        storage = window.sessionStorage;
      } catch {
        // Storage refused (a sandboxed frame): the chat works, only not across page loads.
      }
      this.session = createChatSession({
        api,
        agent,
        key,
        fetch: (input, init) => fetch(input, init),
        storage,
        onState: (s) => this.render(s),
      });
      this.render(this.session.state());
    }

    private toggle(open: boolean): void {
      this.panel.hidden = !open;
      this.bubble.setAttribute('aria-expanded', String(open));
      if (open) {
        this.log.scrollTop = this.log.scrollHeight;
        this.input.focus();
      } else {
        this.bubble.focus();
      }
    }

    /** Shows the state: messages already shown are kept, the one that changed is drawn again. */
    private render(state: ChatState): void {
      state.messages.forEach((message, index) => {
        const known = this.shown[index];
        if (known?.dataset.text === message.text && known.dataset.role === message.role) return;
        const item = el('div', { className: `msg ${message.role}` });
        item.dataset.role = message.role;
        item.dataset.text = message.text;
        item.append(el('span', { className: 'sr' }, `${message.role === 'user' ? embedMessages.you : embedMessages.assistant}: `));
        if (message.role === 'user') item.append(message.text);
        else if (message.text === '') item.append(embedMessages.thinking);
        else item.append(markdownToDom(document, parseMarkdown(message.text)));
        if (known) known.replaceWith(item);
        else this.log.append(item);
        this.shown[index] = item;
      });
      for (const extra of this.shown.splice(state.messages.length)) extra.remove();
      this.log.setAttribute('aria-busy', String(state.busy));
      this.sendButton.disabled = state.busy;
      this.error.textContent = state.error ?? '';
      this.log.scrollTop = this.log.scrollHeight;
    }
  };
}
