/**
 * The Gemini API's wire shapes (`generateContent` / `streamGenerateContent`, v1beta), as far as this
 * adapter reads or writes them. Field names are the API's camelCase JSON names. Response types are
 * deliberately loose (every field optional): the adapter reads what is there and never trusts a
 * field to exist.
 */

/** A JSON value as Gemini sends or receives it. */
export type GeminiJson =
  | string
  | number
  | boolean
  | null
  | GeminiJson[]
  | { [key: string]: GeminiJson };

/** A Gemini schema object (the OpenAPI 3.0 subset `responseSchema` and `parameters` accept). */
export interface GeminiSchema {
  type?: 'STRING' | 'NUMBER' | 'INTEGER' | 'BOOLEAN' | 'ARRAY' | 'OBJECT';
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  items?: GeminiSchema;
  minItems?: number;
  maxItems?: number;
  properties?: { [name: string]: GeminiSchema };
  required?: string[];
  propertyOrdering?: string[];
  minProperties?: number;
  maxProperties?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  example?: GeminiJson;
  default?: GeminiJson;
  anyOf?: GeminiSchema[];
}

/** One part of a `Content`. Exactly one data field is set (plus `thought` / `thoughtSignature`). */
export interface GeminiPart {
  text?: string;
  /** True on thought-summary parts. */
  thought?: boolean;
  /** An opaque signature the model needs back, on the same part, on the next turn. */
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: GeminiFunctionCall;
  functionResponse?: {
    id?: string;
    name: string;
    response: { [key: string]: GeminiJson };
    /** Media the function returned (Gemini 3 and later): inline data or a file URI per part. */
    parts?: GeminiFunctionResponsePart[];
  };
  executableCode?: { language?: string; code?: string };
  codeExecutionResult?: { outcome?: string; output?: string };
  /** A built-in tool the server ran (Google Search, URL context, file search…); Gemini 3. */
  toolCall?: GeminiServerToolCall;
  /** What a built-in tool the server ran returned; Gemini 3. */
  toolResponse?: GeminiServerToolResponse;
}

/**
 * A server-side tool invocation (`toolConfig.includeServerSideToolInvocations`): the client does not
 * run it, but must send it back, whole and with its signature, on the next turn.
 */
export interface GeminiServerToolCall {
  id?: string;
  /** `GOOGLE_SEARCH_WEB`, `URL_CONTEXT`, `FILE_SEARCH`, … */
  toolType?: string;
  args?: { [key: string]: GeminiJson };
}

/** The result of a {@link GeminiServerToolCall}, matched to it by `id`. */
export interface GeminiServerToolResponse {
  id?: string;
  toolType?: string;
  response?: { [key: string]: GeminiJson };
}

/** One media part of a multimodal function response. Exactly one field is set. */
export interface GeminiFunctionResponsePart {
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
}

/** A function call the model asks for. */
export interface GeminiFunctionCall {
  id?: string;
  name?: string;
  args?: { [key: string]: GeminiJson };
  /** Vertex AI streamed arguments: fragments addressed by JSON path. */
  partialArgs?: readonly GeminiPartialArg[];
  willContinue?: boolean;
}

/** A fragment of streamed function-call arguments (Vertex AI `streamFunctionCallArguments`). */
export interface GeminiPartialArg {
  jsonPath?: string;
  stringValue?: string;
  numberValue?: number;
  boolValue?: boolean;
  nullValue?: unknown;
  willContinue?: boolean;
}

/** A turn of the conversation. */
export interface GeminiContent {
  role?: 'user' | 'model';
  parts?: GeminiPart[];
}

/** A function the model may call. */
export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parameters?: GeminiSchema;
}

/** One entry of the request's `tools` array. */
export type GeminiTool =
  | { functionDeclarations: GeminiFunctionDeclaration[] }
  | { googleSearch: { [key: string]: GeminiJson } }
  | { urlContext: { [key: string]: GeminiJson } }
  | { codeExecution: { [key: string]: GeminiJson } };

/** How the model may call functions, and whether server-side tool invocations come back. */
export interface GeminiToolConfig {
  functionCallingConfig?: {
    mode: 'AUTO' | 'ANY' | 'NONE' | 'VALIDATED';
    allowedFunctionNames?: string[];
  };
  /** Return built-in tool invocations as `toolCall` / `toolResponse` parts (Gemini 3). */
  includeServerSideToolInvocations?: boolean;
}

/** Thinking settings (Gemini 2.5 budgets, Gemini 3 levels). */
export interface GeminiThinkingConfig {
  thinkingBudget?: number;
  thinkingLevel?: string;
  includeThoughts?: boolean;
}

/** Sampling and output settings; every field only when the caller set it. */
export interface GeminiGenerationConfig {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  candidateCount?: number;
  responseMimeType?: string;
  responseSchema?: GeminiSchema;
  responseModalities?: string[];
  thinkingConfig?: GeminiThinkingConfig;
  speechConfig?: Record<string, unknown>;
  imageConfig?: { aspectRatio?: string; imageSize?: string };
}

/** A safety threshold for one harm category. */
export interface GeminiSafetySetting {
  category: string;
  threshold: string;
}

/** The body of `generateContent` and `streamGenerateContent`. */
export interface GeminiRequest {
  contents: GeminiContent[];
  systemInstruction?: { parts: GeminiPart[] };
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
  generationConfig?: GeminiGenerationConfig;
  safetySettings?: GeminiSafetySetting[];
  cachedContent?: string;
  labels?: { [key: string]: string };
}

/** `groundingMetadata` on a candidate. */
export interface GeminiGroundingMetadata {
  webSearchQueries?: string[];
  groundingChunks?: { web?: { uri?: string; title?: string } }[];
  groundingSupports?: {
    segment?: { startIndex?: number; endIndex?: number; text?: string; partIndex?: number };
    groundingChunkIndices?: number[];
    confidenceScores?: number[];
  }[];
  searchEntryPoint?: { renderedContent?: string };
}

/** `urlContextMetadata` on a candidate. */
export interface GeminiUrlContextMetadata {
  urlMetadata?: { retrievedUrl?: string; urlRetrievalStatus?: string }[];
}

/** One candidate answer. */
export interface GeminiCandidate {
  content?: GeminiContent;
  finishReason?: string;
  finishMessage?: string;
  index?: number;
  groundingMetadata?: GeminiGroundingMetadata;
  urlContextMetadata?: GeminiUrlContextMetadata;
}

/** `usageMetadata`. */
export interface GeminiUsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
  cachedContentTokenCount?: number;
  thoughtsTokenCount?: number;
  toolUsePromptTokenCount?: number;
}

/** The response of `generateContent`, and each chunk of `streamGenerateContent`. */
export interface GeminiResponse {
  candidates?: GeminiCandidate[];
  promptFeedback?: { blockReason?: string; blockReasonMessage?: string };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
}
