import { renderSeeWebsite } from './render/renderIntegrations.js';
import { flowMessages, messages } from '../messages.js';
import { GLOBE } from '../model/emoji.js';
import { VIEWPORT_OPTIONS, type WebsiteViewport } from '../model/options.js';
import { defineFunction } from './FunctionDefinition.js';

export type SeeWebsiteMetadata = {
  link: string;
  /** The palette entry's name for the address (spec section 2); kept beside `link`. */
  url: string;
  prompt: string;
  viewport: WebsiteViewport;
  /** Only with viewport custom. */
  width: number;
  height: number;
  image_link: string;
  image_info: string;
  message: string;
  error: string;
};

const defaults: SeeWebsiteMetadata = {
  link: '',
  url: '',
  prompt: '',
  viewport: 'default',
  width: 1280,
  height: 720,
  image_link: '',
  image_info: '',
  message: '',
  error: '',
};

const customViewport = { key: 'viewport', equals: 'custom' } as const;

/** see_website: open a page and read it. Listed, but not addable yet (decisions.md); existing ones are editable. */
export const seeWebsite = defineFunction<'see_website', SeeWebsiteMetadata>({
  type: 'see_website',
  name: 'See a Website',
  description: flowMessages.seeWebsiteDescription,
  emoji: GLOBE,
  promptKind: 'See a website',
  defaults,
  fields: [
    { key: 'link', label: 'Link', kind: 'text', placeholder: 'https://' },
    { key: 'prompt', label: 'Prompt', kind: 'textarea' },
    { key: 'viewport', label: 'Viewport', kind: 'select', options: VIEWPORT_OPTIONS },
    { key: 'width', label: 'Width', kind: 'number', visibleWhen: customViewport },
    { key: 'height', label: 'Height', kind: 'number', visibleWhen: customViewport },
    { key: 'image_link', label: 'Image Link', kind: 'text' },
    { key: 'image_info', label: 'Image Info', kind: 'textarea' },
    { key: 'message', label: 'Message', kind: 'textarea' },
    { key: 'error', label: 'Error Message', kind: 'textarea' },
  ],
  quick: { metadata: { url: '' }, disabled: true, tooltip: messages.comingSoon },
  render: renderSeeWebsite,
});
