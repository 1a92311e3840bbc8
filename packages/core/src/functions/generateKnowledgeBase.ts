import { renderGenerateKnowledgeBase } from './render/renderModelCalls.js';
import { LIGHTNING } from '../model/emoji.js';
import { MODEL_OPTIONS } from '../model/models.js';
import {
  capitalizedOptions,
  KNOWLEDGE_BASE_CONTENT_TYPES,
  KNOWLEDGE_BASE_DEFAULTS,
  KNOWLEDGE_BASE_MODE_OPTIONS,
  type KnowledgeBaseContentType,
  type KnowledgeBaseMode,
} from '../model/options.js';
import { defineFunction } from './FunctionDefinition.js';

export type GenerateKnowledgeBaseMetadata = {
  mode: KnowledgeBaseMode;
  knowledge_base: {
    prompt: string;
    model: string;
    max_results: number;
    /** Seconds. */
    timeout: number;
    content_types: KnowledgeBaseContentType[];
  };
  reading_webhook_id: string;
  reading_list_id: string;
  vector_store_id: string;
  reading_lists_message: string;
  knowledge_base_message: string;
  error: string;
};

/** Spec section 9: knowledge base defaults. */
const defaults: GenerateKnowledgeBaseMetadata = {
  mode: 'knowledge_base',
  knowledge_base: {
    prompt: '',
    model: KNOWLEDGE_BASE_DEFAULTS.model,
    max_results: KNOWLEDGE_BASE_DEFAULTS.maxResults,
    timeout: KNOWLEDGE_BASE_DEFAULTS.timeout,
    content_types: [...KNOWLEDGE_BASE_CONTENT_TYPES],
  },
  reading_webhook_id: '',
  reading_list_id: '',
  vector_store_id: '',
  reading_lists_message: '',
  knowledge_base_message: '',
  error: '',
};

/** generate_knowledge_base: build a knowledge base from reading lists. */
export const generateKnowledgeBase = defineFunction<'generate_knowledge_base', GenerateKnowledgeBaseMetadata>({
  type: 'generate_knowledge_base',
  name: 'Generate Knowledge Base',
  description: 'Build a knowledge base from reading lists',
  emoji: LIGHTNING,
  promptKind: 'Generate knowledge base',
  defaults,
  fields: [
    { key: 'mode', label: 'Mode', kind: 'select', options: KNOWLEDGE_BASE_MODE_OPTIONS },
    { key: 'knowledge_base.prompt', label: 'Prompt', kind: 'textarea' },
    { key: 'knowledge_base.model', label: 'Model', kind: 'model', options: MODEL_OPTIONS },
    { key: 'knowledge_base.max_results', label: 'Max Results', kind: 'number' },
    { key: 'knowledge_base.timeout', label: 'Timeout (seconds)', kind: 'number' },
    {
      key: 'knowledge_base.content_types',
      label: 'Content Types',
      kind: 'multiSelect',
      options: capitalizedOptions(KNOWLEDGE_BASE_CONTENT_TYPES),
    },
    { key: 'reading_webhook_id', label: 'Reading Webhook ID', kind: 'text' },
    { key: 'reading_list_id', label: 'Reading List ID', kind: 'text' },
    { key: 'vector_store_id', label: 'Vector Store ID', kind: 'text' },
    { key: 'reading_lists_message', label: 'Reading Lists Message', kind: 'textarea' },
    { key: 'knowledge_base_message', label: 'Knowledge Base Message', kind: 'textarea' },
    { key: 'error', label: 'Error Message', kind: 'textarea' },
  ],
  render: renderGenerateKnowledgeBase,
});
