import { renderHandleImage } from './render/renderModelCalls.js';
import { LIGHTNING } from '../model/emoji.js';
import { defineFunction } from './FunctionDefinition.js';

export type HandleImageMetadata = {
  vision_prompt: string;
  prompt_prefix: string;
  image_description_variable: string;
  message: string;
  append_answer: boolean;
  image_batch: boolean;
  image_link: string;
  image_link_variable: string;
};

const defaults: HandleImageMetadata = {
  vision_prompt: '',
  prompt_prefix: '',
  image_description_variable: '',
  message: '',
  append_answer: false,
  image_batch: false,
  image_link: '',
  image_link_variable: '',
};

/** handle_image: look at an image the user sends and describe or answer about it. */
export const handleImage = defineFunction<'handle_image', HandleImageMetadata>({
  type: 'handle_image',
  name: 'Handle Image',
  description: 'Describe an image the user sends and use the answer',
  emoji: LIGHTNING,
  promptKind: 'Handle image',
  defaults,
  fields: [
    { key: 'vision_prompt', label: 'Vision Prompt', kind: 'textarea', help: 'What to look for in the image.' },
    { key: 'prompt_prefix', label: 'Prompt Prefix', kind: 'textarea' },
    { key: 'image_description_variable', label: 'Image Description Variable', kind: 'text' },
    { key: 'message', label: 'Message', kind: 'textarea' },
    { key: 'append_answer', label: 'Append Answer', kind: 'toggle' },
    { key: 'image_batch', label: 'Image Batch', kind: 'toggle' },
    { key: 'image_link', label: 'Image Link', kind: 'text', placeholder: 'https://' },
    { key: 'image_link_variable', label: 'Image Link Variable', kind: 'text' },
  ],
  render: renderHandleImage,
});
