import {
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  type ChatStream,
  type EmbeddingProvider,
  type EmbedRequest,
  type EmbedResult,
  type ModelCost,
  type StreamProvider,
  ValidationError,
} from '@aigo/ai';
import { type HttpClient, requestModel, toRequestOptions } from '@aigo/http';
import { AWS_REGION_ENV, awsEventStreamDecoding, connectAws } from '@aigo/http/aws';
import { type BedrockOptions, validateBedrockOptions } from './bedrock-options.js';
import { parseBedrockRequestOptions } from './bedrock-request-options.js';
import { BEDROCK_MAX_EMBEDDINGS_PER_CALL, bedrockEmbed } from './embeddings/bedrock-embed.js';
import { buildConverseRequest } from './request/build-converse-request.js';
import { ConverseStreamMapper } from './response/converse-stream-mapper.js';
import { mapConverseResponse } from './response/map-converse-response.js';
import { BEDROCK_PROVIDER_ID } from './shared/bedrock-metadata.js';

/** The environment variables the region is read from, in order. */
export const BEDROCK_REGION_ENV: readonly string[] = AWS_REGION_ENV;
/** The environment variables the base URL is read from, in order (the AWS SDK's names). */
export const BEDROCK_BASE_URL_ENV: readonly string[] = Object.freeze([
  'AWS_ENDPOINT_URL_BEDROCK_RUNTIME',
  'AWS_ENDPOINT_URL',
]);
/** The environment variables a Bedrock API key (a bearer token, instead of signing) is read from. */
export const BEDROCK_API_KEY_ENV: readonly string[] = Object.freeze(['AWS_BEARER_TOKEN_BEDROCK']);

/** The Bedrock runtime's base URL in `region`. */
export function BEDROCK_BASE_URL(region: string): string {
  return `https://bedrock-runtime.${region}.amazonaws.com`;
}

/** The service name requests are signed for. */
const SIGNING_SERVICE = 'bedrock';

/**
 * An Amazon Bedrock model provider over the Converse API: `sendMessage` (`POST
 * /model/{modelId}/converse`) and `streamMessage` (`/converse-stream`, AWS's binary event stream),
 * signed with AWS Signature V4 (or a Bedrock API key), through one keep-alive connection pool that
 * `close()` releases. Immutable and safe to share. Build it with {@link bedrock}.
 */
export class BedrockProvider implements StreamProvider, EmbeddingProvider {
  /** `bedrock`: the key of `providerOptions` and `providerMetadata`, and the provider on errors. */
  readonly id: string = BEDROCK_PROVIDER_ID;
  /** The region requests are signed for. */
  readonly region: string;
  /** The base URL, without a trailing slash. */
  readonly baseURL: string;
  /** The model used when a request names none, when set. */
  readonly defaultModel: string | undefined;
  /** The most texts one embedding call carries (Cohere Embed's 96; Titan embeds one a call). */
  readonly maxEmbeddingsPerCall: number = BEDROCK_MAX_EMBEDDINGS_PER_CALL;
  readonly #http: HttpClient;
  readonly #secrets: readonly string[];

  /** @internal Use {@link bedrock}. */
  constructor(options: BedrockOptions, env: Readonly<Record<string, string | undefined>>) {
    const { region, baseURL, http, secrets } = connectAws(options, {
      provider: BEDROCK_PROVIDER_ID,
      service: SIGNING_SERVICE,
      defaultURL: BEDROCK_BASE_URL,
      baseURLEnv: BEDROCK_BASE_URL_ENV,
      apiKeyEnv: BEDROCK_API_KEY_ENV,
      env,
    });
    this.region = region;
    this.baseURL = baseURL;
    this.#http = http;
    this.#secrets = secrets;
    this.defaultModel = options.defaultModel?.trim() || undefined;
  }

  /** Sends a request to Converse and resolves to the whole answer. */
  async sendMessage(request: ChatRequest, options?: CallOptions): Promise<ChatResponse> {
    const { model, body, jsonToolName } = this.#prepare(request);
    const response = await this.#http.postJson(
      this.#url(model, 'converse'),
      body,
      toRequestOptions(options),
    );
    return mapConverseResponse(response.data, {
      id: requestId(response.headers),
      model,
      jsonToolName,
    });
  }

  /**
   * Sends a request to ConverseStream and resolves, once the response headers arrived, to a
   * `ChatStream` of its answer, decoded from AWS's binary event stream. Errors before the first
   * byte reject this call; an exception message inside the stream rejects the iterator, with the
   * partial answer on the error.
   */
  async streamMessage(request: ChatRequest, options?: CallOptions): Promise<ChatStream> {
    const { model, body, jsonToolName } = this.#prepare(request);
    const decoding = await awsEventStreamDecoding();
    const response = await this.#http.postDecodedStream(
      this.#url(model, 'converse-stream'),
      body,
      decoding,
      toRequestOptions(options),
    );
    const mapper = new ConverseStreamMapper(
      { id: requestId(response.headers), model, jsonToolName },
      this.#secrets,
    );
    return response.toChatStream(mapper);
  }

  /**
   * The list price of `model`: `undefined` — the maintained price data aigo ships has no Bedrock
   * prices yet, so costs of Bedrock calls are unknown unless the client is given a `ModelCost`.
   */
  modelCost(model: string): ModelCost | undefined {
    if (typeof model !== 'string') throw new ValidationError('model', 'must be a string');
    return undefined;
  }

  /**
   * Embeds `request.values` with Amazon Titan Text Embeddings or Cohere Embed through InvokeModel:
   * see `bedrockEmbed`. Usage is Bedrock's input token count; `cost` is unknown.
   *
   * @throws ValidationError for a bad request or another model family, before any call;
   *   `ProviderError` for an API error; `AbortError` when `options.signal` fires.
   */
  embed(request: EmbedRequest, options?: CallOptions): Promise<EmbedResult> {
    return bedrockEmbed({ http: this.#http, baseURL: this.baseURL }, request, options);
  }

  /** Releases the connection pool after the calls in flight finished. Later calls reject. */
  close(): Promise<void> {
    return this.#http.close();
  }

  /** Same as {@link close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #url(model: string, operation: 'converse' | 'converse-stream'): string {
    return `${this.baseURL}/model/${encodeURIComponent(model)}/${operation}`;
  }

  #prepare(request: ChatRequest) {
    const model = requestModel(request, this.defaultModel);
    const parsed = parseBedrockRequestOptions(request);
    return { model, ...buildConverseRequest(request, model, parsed) };
  }
}

/** The request id Bedrock answered with, the response's id. */
function requestId(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  const value = headers['x-amzn-requestid'];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Builds an Amazon Bedrock provider over Converse and ConverseStream, for every model family
 * Converse serves (Claude, Llama, Mistral, Nova, Cohere Command, …) and for inference profiles
 * (`us.anthropic.claude-…`) and ARNs.
 *
 * ```ts
 * const provider = bedrock({ region: 'us-east-1', defaultModel: 'us.amazon.nova-lite-v1:0' });
 * ```
 *
 * Credentials are resolved at the first call (the AWS SDK's chain unless given), so a provider can
 * be built before they are configured.
 *
 * @throws ValidationError naming the option for an option of the wrong kind, or when no region is
 *   given or set in the environment.
 */
export function bedrock(options: BedrockOptions = {}): BedrockProvider {
  validateBedrockOptions(options);
  return new BedrockProvider(options, process.env);
}
