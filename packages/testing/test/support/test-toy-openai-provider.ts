// Test helper (not built): a deliberately small OpenAI-Chat-shaped provider over node:http, good
// enough to run the provider conformance suite — plus switches that each break one rule, to prove
// that the suite catches them. Not an adapter: @aigo/openai is the real one.
import { Agent, type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import {
  AbortError,
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  ChatStream,
  type ChatStreamController,
  type FinishReason,
  messageText,
  ProviderError,
  type StreamEvent,
  type StreamProvider,
  type ToolCall,
  type Usage,
} from '@aigo/ai';

export interface ToyFaults {
  /** Put the API key in error messages. */
  leakKey?: boolean;
  /** Keep the API key in error bodies (no redaction). */
  noBodyRedaction?: boolean;
  /** Report NaN token counts. */
  nanUsage?: boolean;
  /** Mark 401 as retryable. */
  retryable401?: boolean;
  /** Drop usage from streams. */
  dropStreamUsage?: boolean;
  /** Send no Authorization header. */
  noAuth?: boolean;
  /** Reject aborted calls with a plain Error instead of AbortError. */
  plainAbortError?: boolean;
  /** Let raw socket errors through. */
  rawConnectionErrors?: boolean;
  /** Stream text as events of a type of its own (`text_delta`) instead of `content`. */
  unknownEventType?: boolean;
}

interface WireChoice {
  message?: { content?: string | null; refusal?: string | null; tool_calls?: WireToolCall[] };
  delta?: {
    content?: string | null;
    reasoning_content?: string | null;
    refusal?: string | null;
    tool_calls?: Array<WireToolCall & { index: number }>;
  };
  finish_reason?: string | null;
}
interface WireToolCall {
  id?: string;
  function?: { name?: string; arguments?: string };
}
interface WireUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
}
interface WireBody {
  id?: string;
  model?: string;
  choices?: WireChoice[];
  usage?: WireUsage | null;
}

const FINISH: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
  content_filter: 'content_filter',
};

export function toyOpenAIChat(options: {
  baseURL: string;
  apiKey: string;
  faults?: ToyFaults;
}): StreamProvider {
  const { baseURL, apiKey } = options;
  const faults = options.faults ?? {};
  const id = 'toy-openai';
  const agent = new Agent({ keepAlive: true });

  const abortError = (signal: AbortSignal) =>
    faults.plainAbortError ? new Error('aborted') : AbortError.fromSignal(signal);
  const connectionError = (error: Error) =>
    faults.rawConnectionErrors
      ? error
      : new ProviderError({
          code: 'connection_error',
          message: `${id}: the connection failed (${error.message})`,
          provider: id,
          retryable: true,
          cause: error,
        });

  const post = (body: object, signal: AbortSignal | undefined) =>
    new Promise<{ response: IncomingMessage; request: ClientRequest }>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError(signal));
        return;
      }
      const request = httpRequest(new URL(`${baseURL}/v1/chat/completions`), {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          ...(faults.noAuth ? {} : { authorization: `Bearer ${apiKey}` }),
        },
      });
      const onAbort = () => {
        request.destroy();
        reject(abortError(signal as AbortSignal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      request.on('response', (response) => {
        signal?.removeEventListener('abort', onAbort);
        resolve({ response, request });
      });
      request.on('error', (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(connectionError(error));
      });
      request.end(JSON.stringify(body));
    });

  const readBody = (
    response: IncomingMessage,
    request: ClientRequest,
    signal: AbortSignal | undefined,
  ) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const onAbort = () => {
        request.destroy();
        reject(abortError(signal as AbortSignal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => reject(connectionError(error)));
      response.on('close', () => {
        signal?.removeEventListener('abort', onAbort);
        if (response.complete) resolve(Buffer.concat(chunks).toString('utf8'));
        else reject(connectionError(new Error('the body ended early')));
      });
    });

  const statusError = (response: IncomingMessage, text: string) => {
    const status = response.statusCode ?? 0;
    const body = faults.noBodyRedaction ? text : text.split(apiKey).join('[REDACTED]');
    let detail = `HTTP ${status}`;
    try {
      const parsed = JSON.parse(body) as { error?: { message?: unknown } };
      if (typeof parsed.error?.message === 'string') detail = parsed.error.message;
    } catch {
      // not JSON: keep the status
    }
    const retryAfter = response.headers['retry-after'];
    const seconds =
      typeof retryAfter === 'string' && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
    return new ProviderError({
      code: status === 401 ? 'invalid_api_key' : status === 429 ? 'rate_limited' : 'provider_error',
      message: `${id}: ${detail}${faults.leakKey ? ` (key ${apiKey})` : ''}`,
      provider: id,
      status,
      body,
      retryable:
        status === 429 || status >= 500 || (status === 401 && faults.retryable401 === true),
      ...(seconds === undefined ? {} : { retryAfterMs: seconds * 1000 }),
    });
  };

  const usageOf = (usage: WireUsage | null | undefined): Usage | undefined => {
    if (usage === null || usage === undefined) return undefined;
    const mapped: { -readonly [K in keyof Usage]: Usage[K] } = {
      promptTokens: faults.nanUsage ? Number.NaN : Number(usage.prompt_tokens),
      completionTokens: Number(usage.completion_tokens),
      totalTokens: Number(usage.total_tokens),
    };
    const cached = usage.prompt_tokens_details?.cached_tokens;
    const reasoning = usage.completion_tokens_details?.reasoning_tokens;
    if (typeof cached === 'number') mapped.cachedTokens = cached;
    if (typeof reasoning === 'number') mapped.reasoningTokens = reasoning;
    return mapped;
  };

  const wireRequest = (request: ChatRequest) => ({
    model: request.model,
    messages: request.messages.map((message) => ({
      role: message.role,
      content: messageText(message),
    })),
    ...(request.tools === undefined ? {} : { tools: request.tools }),
  });

  const provider: StreamProvider & { close(): Promise<void> } = {
    id,
    async sendMessage(request: ChatRequest, callOptions?: CallOptions): Promise<ChatResponse> {
      const signal = callOptions?.signal;
      const { response, request: clientRequest } = await post(wireRequest(request), signal);
      const text = await readBody(response, clientRequest, signal);
      if ((response.statusCode ?? 0) >= 400) throw statusError(response, text);
      const json = JSON.parse(text) as WireBody;
      const choice = json.choices?.[0];
      const toolCalls: ToolCall[] = (choice?.message?.tool_calls ?? []).map((call) => ({
        id: call.id ?? '',
        type: 'function',
        function: { name: call.function?.name ?? '', arguments: call.function?.arguments ?? '' },
      }));
      const raw = choice?.finish_reason ?? undefined;
      const result: { -readonly [K in keyof ChatResponse]: ChatResponse[K] } = {
        id: json.id ?? '',
        model: json.model ?? '',
        content: choice?.message?.content ?? '',
        toolCalls,
        finishReason: raw === undefined ? 'other' : (FINISH[raw] ?? 'other'),
      };
      if (raw !== undefined) result.rawFinishReason = raw;
      const usage = usageOf(json.usage);
      if (usage !== undefined) result.usage = usage;
      if (typeof choice?.message?.refusal === 'string') result.refusal = choice.message.refusal;
      return result;
    },

    async streamMessage(request: ChatRequest, callOptions?: CallOptions): Promise<ChatStream> {
      const signal = callOptions?.signal;
      const body = {
        ...wireRequest(request),
        stream: true,
        stream_options: { include_usage: true },
      };
      const { response, request: clientRequest } = await post(body, signal);
      if ((response.statusCode ?? 0) >= 400) {
        throw statusError(response, await readBody(response, clientRequest, signal));
      }
      let controller: ChatStreamController;
      let started = false;
      let buffer = '';
      const handle = (data: string) => {
        if (data === '[DONE]') return;
        const chunk = JSON.parse(data) as WireBody;
        const events: StreamEvent[] = [];
        if (!started && chunk.id !== undefined) {
          started = true;
          events.push({ type: 'start', id: chunk.id, model: chunk.model ?? '' });
        }
        const choice = chunk.choices?.[0];
        const delta = choice?.delta;
        if (delta?.content) {
          events.push(
            faults.unknownEventType
              ? ({ type: 'text_delta', text: delta.content } as unknown as StreamEvent)
              : { type: 'content', text: delta.content },
          );
        }
        if (delta?.reasoning_content)
          events.push({ type: 'reasoning', text: delta.reasoning_content });
        if (delta?.refusal) events.push({ type: 'refusal', text: delta.refusal });
        for (const call of delta?.tool_calls ?? []) {
          events.push({
            type: 'tool_call_delta',
            index: call.index,
            ...(call.id === undefined ? {} : { id: call.id }),
            ...(call.function?.name === undefined ? {} : { name: call.function.name }),
            argumentsDelta: call.function?.arguments ?? '',
          });
        }
        if (typeof choice?.finish_reason === 'string') {
          events.push({
            type: 'finish',
            finishReason: FINISH[choice.finish_reason] ?? 'other',
            rawFinishReason: choice.finish_reason,
          });
        }
        const usage = usageOf(chunk.usage);
        if (usage !== undefined && !faults.dropStreamUsage) events.push({ type: 'usage', usage });
        for (const event of events) controller.enqueue(event);
      };
      return new ChatStream(
        {
          start(streamController) {
            controller = streamController;
            response.setEncoding('utf8');
            response.on('data', (text: string) => {
              buffer += text;
              for (;;) {
                const match = /\r?\n\r?\n/.exec(buffer);
                if (match === null) break;
                const event = buffer.slice(0, match.index);
                buffer = buffer.slice(match.index + match[0].length);
                const data = event
                  .split(/\r?\n/)
                  .filter((line) => line.startsWith('data:'))
                  .map((line) => line.slice(5).trimStart())
                  .join('\n');
                if (data !== '') handle(data);
              }
              if (controller.desiredSize <= 0) response.pause();
            });
            response.on('close', () => {
              if (response.complete) controller.close();
              else controller.error(connectionError(new Error('the stream ended early')));
            });
          },
          pull() {
            response.resume();
          },
          cancel() {
            clientRequest.destroy();
          },
        },
        { provider: id, ...(signal === undefined ? {} : { signal }) },
      );
    },

    async close() {
      agent.destroy();
    },
  };
  return provider;
}
