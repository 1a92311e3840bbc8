/**
 * Metadata shape of each function type (spec section 3). Type aliases, not interfaces, so that
 * each shape stays assignable to the JsonObject of FunctionNodeData.metadata.
 */
import type { FunctionType } from './types.js';
import type {
  GuiMode,
  HttpAuthorization,
  HttpMethod,
  ImageDisplayMode,
  ImageService,
  KnowledgeBaseContentType,
  KnowledgeBaseMode,
  OutputType,
  RecurringIntervalUnit,
  ReminderContentType,
  ReminderFrequency,
  ReminderType,
  ReminderUnit,
  SchemaType,
  ViewMode,
  WebsiteViewport,
} from './options.js';

/** `EnvReference` of types.ts as a type alias, so that it is assignable to JsonValue. */
export type EnvRef = { env: string };

/** A secret: in plain text (`{ key }`, flagged by the rules) or an environment reference. */
export type SecretValue = { key: string } | EnvRef;

export type NameValue = { name: string; value: string };
/** A header value may be an env reference, so bearer tokens stay out of flow files. */
export type HttpHeader = { name: string; value: string | EnvRef };
export type NameDescription = { name: string; description: string };

export type InstructMetadata = { prompt: string };

export type CustomGptMetadata = {
  prompt: string;
  model: string;
  temperature: number;
  max_tokens: number;
  /** Only with model Custom Assistant. */
  api_key?: SecretValue;
  assistant_id: string;
  message: string;
  output: { type: OutputType; raw: string; json: NameDescription[] };
};

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

export type HttpCall = {
  method: HttpMethod;
  url: string;
  params: NameValue[];
  authorization: HttpAuthorization;
  headers: HttpHeader[];
  body: { raw: { data: string } };
  output: { json: NameValue[] };
};

export type HttpCallsMetadata = {
  apicalls: HttpCall[];
  error: string;
  result_message: string;
  result_prompt: string;
};

export type CaptureVariablesMetadata = { variables: NameDescription[] };

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

export type SendWorkflowMetadata = {
  workflow_id: string;
  hosted_link: string;
  message: string;
  error: string;
};

export type SetupReminderMetadata = {
  content_type: ReminderContentType;
  content_message: string;
  content_prompt: string;
  /** uuid of the function whose result is sent. */
  content_function: string;
  reminder_frequency: ReminderFrequency;
  reminder_type: ReminderType;
  /** Amount of `reminder_activity_type` units of inactivity. */
  reminder_activity_unit: number;
  reminder_activity_type: ReminderUnit;
  /** Amount of `reminder_trigger_type` units after the function ran. */
  reminder_trigger_unit: number;
  reminder_trigger_type: ReminderUnit;
  reminder_schedule_date: string;
  reminder_schedule_text: string;
  reminder_recurring_interval: number;
  reminder_recurring_interval_type: RecurringIntervalUnit;
  reminder_recurring_start_date: string;
  reminder_recurring_end_date: string;
  cancel_on_reply: boolean;
  cancel_date: string;
};

export type GuiImageSettings = { enabled: boolean; displayMode: ImageDisplayMode; service: ImageService };

export type GuiUiSettings = {
  allowTextInputs: boolean;
  allowChecklists: boolean;
  allowBullets: boolean;
  allowMultipleChoice: boolean;
  allowPayment: boolean;
  allowRatingSlider: boolean;
  interactiveElementsPercentage: number;
  interactiveElementsMaxPerItem: number;
  allowStars: boolean;
  allowCheckbox: boolean;
  allowTags: boolean;
  allowUpvoteButton: boolean;
};

export type GenerateGuiMetadata = {
  data: {
    mode: GuiMode;
    prompt: string;
    schemaType: SchemaType;
    numItems: number;
    defaultViewMode: ViewMode;
    model: string;
    temperature: number;
    imageSettings: GuiImageSettings;
    uiSettings: GuiUiSettings;
    view_link: string;
    view_mode: ViewMode;
  };
};

export type ChangeInstructionsMetadata = { system_prompts: string[] };

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

/** Metadata shape by function type. */
export type FunctionMetadataMap = {
  instruct: InstructMetadata;
  custom_gpt: CustomGptMetadata;
  handle_image: HandleImageMetadata;
  http_calls: HttpCallsMetadata;
  capture_variables: CaptureVariablesMetadata;
  see_website: SeeWebsiteMetadata;
  send_workflow: SendWorkflowMetadata;
  setup_reminder: SetupReminderMetadata;
  generate_gui: GenerateGuiMetadata;
  change_instructions: ChangeInstructionsMetadata;
  generate_knowledge_base: GenerateKnowledgeBaseMetadata;
};

export type FunctionMetadata<T extends FunctionType = FunctionType> = FunctionMetadataMap[T];
