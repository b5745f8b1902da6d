import {
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  type ChatStream,
  type ModelCost,
  type StreamProvider,
  ValidationError,
} from '@aigo/ai';
import {
  type FrameMapper,
  type HttpClient,
  requestModel,
  type StreamResponse,
  toRequestOptions,
} from '@aigo/http';
import { parseAnthropicRequestOptions } from '../anthropic-request-options.js';
import { buildAnthropicRequest } from '../request/build-anthropic-request.js';
import { toAnthropicContextOverflow } from '../response/anthropic-context-overflow.js';
import { AnthropicStreamMapper } from '../response/anthropic-stream-mapper.js';
import { mapAnthropicResponse } from '../response/map-anthropic-response.js';
import { continuePausedTurns } from '../response/pause-turn.js';
import { ANTHROPIC_METADATA_KEY } from '../shared/anthropic-metadata.js';
import type { AnthropicRequestBody } from '../wire/anthropic-api.js';

/** What one cloud changes about calling Claude: where, how the body is wrapped, how it streams. */
export interface AnthropicCloud {
  /** The provider id (`anthropic-vertex`), on errors and spans. */
  readonly id: string;
  /** The client requests go through (signed or token-authorised by the cloud). */
  readonly http: HttpClient;
  /** Strings to scrub from errors built outside the client. */
  readonly secrets: readonly string[];
  /** The URL of a call to `model`, streamed or not. */
  url(model: string, stream: boolean): string;
  /** The cloud's body: the Messages body without `model` (it is in the URL), with its version. */
  body(body: AnthropicRequestBody, betas: readonly string[]): Record<string, unknown>;
  /** Sends a streamed call; the mapper reads the Messages API's events. */
  stream(
    url: string,
    body: Record<string, unknown>,
    options: ReturnType<typeof toRequestOptions>,
  ): Promise<{ response: StreamResponse; wrap(mapper: AnthropicStreamMapper): FrameMapper }>;
}

/**
 * Claude on a cloud (Vertex AI, Amazon Bedrock): the Messages mapping of `anthropic()` — thinking
 * with signatures, cache breakpoints, tools, structured output, paused turns continued in
 * `sendMessage` — over the cloud's endpoint and auth. Request options are read from
 * `providerOptions.anthropic`, and answers keep their blocks in `providerMetadata.anthropic`, as
 * with `anthropic()`, so a conversation moves between them.
 */
export class AnthropicCloudProvider implements StreamProvider {
  readonly id: string;
  /** The model used when a request names none, when set. */
  readonly defaultModel: string | undefined;
  readonly #cloud: AnthropicCloud;
  readonly #maxPauses: number;

  /** @internal Use `anthropicVertex()` or `anthropicBedrock()`. */
  constructor(cloud: AnthropicCloud, defaultModel: string | undefined, maxPauses = 5) {
    this.#cloud = cloud;
    this.id = cloud.id;
    this.defaultModel = defaultModel?.trim() || undefined;
    this.#maxPauses = maxPauses;
  }

  /** Sends a request and resolves to the whole answer (a paused turn continued, up to 5 times). */
  async sendMessage(request: ChatRequest, options?: CallOptions): Promise<ChatResponse> {
    const { model, body, jsonToolName, betas } = this.#prepare(request, false);
    const cloud = this.#cloud;
    const url = cloud.url(model, false);
    const requestOptions = toRequestOptions(options);
    try {
      const post = async (next: AnthropicRequestBody) =>
        (await cloud.http.postJson(url, cloud.body(next, betas), requestOptions)).data;
      const whole = await continuePausedTurns(await post(body), body, this.#maxPauses, post);
      return mapAnthropicResponse(whole, this.id, jsonToolName);
    } catch (error) {
      throw toAnthropicContextOverflow(error);
    }
  }

  /** Sends a request and resolves, once the headers arrived, to a `ChatStream` of its answer. */
  async streamMessage(request: ChatRequest, options?: CallOptions): Promise<ChatStream> {
    const { model, body, jsonToolName, betas } = this.#prepare(request, true);
    const cloud = this.#cloud;
    try {
      const { response, wrap } = await cloud.stream(
        cloud.url(model, true),
        cloud.body(body, betas),
        toRequestOptions(options),
      );
      return response.toChatStream(
        wrap(new AnthropicStreamMapper(this.id, cloud.secrets, jsonToolName)),
      );
    } catch (error) {
      throw toAnthropicContextOverflow(error);
    }
  }

  /**
   * `undefined`: the cloud's prices for Claude are not in the maintained price data aigo ships, so
   * costs are unknown unless the client is given a `ModelCost`.
   */
  modelCost(model: string): ModelCost | undefined {
    if (typeof model !== 'string') throw new ValidationError('model', 'must be a string');
    return undefined;
  }

  /** Releases the connection pool after the calls in flight finished. */
  close(): Promise<void> {
    return this.#cloud.http.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #prepare(request: ChatRequest, stream: boolean) {
    const model = requestModel(request, this.defaultModel);
    const parsed = parseAnthropicRequestOptions(request, ANTHROPIC_METADATA_KEY);
    const built = buildAnthropicRequest(request, model, parsed, stream);
    return { model, ...built, betas: parsed.betas ?? [] };
  }
}

/** The Messages body a cloud takes: the same without `model`, with the cloud's `anthropic_version`. */
export function cloudBody(
  body: AnthropicRequestBody,
  version: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const { model: _model, ...rest } = body;
  return { anthropic_version: version, ...rest, ...extra };
}
