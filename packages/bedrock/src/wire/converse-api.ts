/**
 * The wire types of Bedrock's Converse and ConverseStream APIs, as the API reference documents them
 * (only the fields aigo sends or reads). Exported by nobody.
 */

/** A cache checkpoint in the system prompt, the messages or the tools. */
export interface ConverseCachePoint {
  readonly cachePoint: { readonly type: 'default' };
}

export type ConverseImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';
export type ConverseDocumentFormat =
  | 'pdf'
  | 'csv'
  | 'doc'
  | 'docx'
  | 'xls'
  | 'xlsx'
  | 'html'
  | 'txt'
  | 'md';

/** Where media come from: inline bytes (base64 in JSON) or an S3 object. */
export type ConverseSource =
  | { readonly bytes: string }
  | { readonly s3Location: { readonly uri: string; readonly bucketOwner?: string } };

export interface ConverseReasoningContent {
  readonly reasoningText?: { readonly text: string; readonly signature?: string };
  /** Base64: reasoning the model encrypted. */
  readonly redactedContent?: string;
}

export type ConverseToolResultContent =
  | { readonly text: string }
  | { readonly json: unknown }
  | { readonly image: { readonly format: ConverseImageFormat; readonly source: ConverseSource } };

/** One content block of a message. */
export type ConverseContentBlock =
  | { readonly text: string }
  | {
      readonly image: { readonly format: ConverseImageFormat; readonly source: ConverseSource };
    }
  | {
      readonly document: {
        readonly format: ConverseDocumentFormat;
        readonly name: string;
        readonly source: ConverseSource;
      };
    }
  | {
      readonly video: { readonly format: string; readonly source: ConverseSource };
    }
  | {
      readonly toolUse: {
        readonly toolUseId: string;
        readonly name: string;
        readonly input: unknown;
      };
    }
  | {
      readonly toolResult: {
        readonly toolUseId: string;
        readonly content: readonly ConverseToolResultContent[];
        readonly status?: 'success' | 'error';
      };
    }
  | { readonly reasoningContent: ConverseReasoningContent }
  | ConverseCachePoint;

export interface ConverseMessage {
  readonly role: 'user' | 'assistant';
  readonly content: readonly ConverseContentBlock[];
}

export type ConverseSystemBlock = { readonly text: string } | ConverseCachePoint;

export interface ConverseToolSpec {
  readonly toolSpec: {
    readonly name: string;
    readonly description?: string;
    readonly inputSchema: { readonly json: unknown };
  };
}

export type ConverseToolChoice =
  | { readonly auto: Record<string, never> }
  | { readonly any: Record<string, never> }
  | { readonly tool: { readonly name: string } };

/** The body of `POST /model/{modelId}/converse` and `/converse-stream`. */
export interface ConverseRequestBody {
  messages: ConverseMessage[];
  system?: ConverseSystemBlock[];
  inferenceConfig?: {
    maxTokens?: number;
    temperature?: number;
    topP?: number;
    stopSequences?: string[];
  };
  toolConfig?: {
    tools: (ConverseToolSpec | ConverseCachePoint)[];
    toolChoice?: ConverseToolChoice;
  };
  guardrailConfig?: Record<string, unknown>;
  additionalModelRequestFields?: Record<string, unknown>;
  additionalModelResponseFieldPaths?: string[];
  performanceConfig?: Record<string, unknown>;
  requestMetadata?: Record<string, string>;
}

/** `usage` of an answer; `inputTokens` leaves out the tokens read from or written to the cache. */
export interface ConverseUsage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly totalTokens?: number;
  readonly cacheReadInputTokens?: number;
  readonly cacheWriteInputTokens?: number;
}
