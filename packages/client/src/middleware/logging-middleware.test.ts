import { type ChatRequest, ProviderError, userMessage, ValidationError } from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { type LogFields, loggingMiddleware, type MiddlewareLogger } from './logging-middleware.js';
import { composeMiddleware } from './middleware.js';

const SECRET = 'sk-test-DO-NOT-LOG-0123456789';

interface LogRecord {
  readonly level: string;
  readonly message: string;
  readonly fields: LogFields | undefined;
}

function recordingLogger(): MiddlewareLogger & { readonly records: LogRecord[] } {
  const records: LogRecord[] = [];
  const at =
    (level: string) =>
    (message: string, fields?: LogFields): void => {
      records.push({ level, message, fields });
    };
  return { records, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

const request: ChatRequest = {
  model: 'test-model',
  systemPrompt: 'Be brief.',
  messages: [userMessage('First question'), userMessage('Latest question')],
  providerOptions: { openai: { apiKey: SECRET, organization: SECRET } },
};
const options = { headers: { authorization: `Bearer ${SECRET}`, 'x-api-key': SECRET } };

describe('loggingMiddleware', () => {
  it('logs start and completion at standard level with counts, never content', async () => {
    const logger = recordingLogger();
    const usage = { promptTokens: 10, completionTokens: 4, totalTokens: 14, cachedTokens: 2 };
    const provider = createFakeProvider().text('The answer', { usage });
    const { send } = composeMiddleware(provider, [loggingMiddleware(logger)]);
    await send(request, options);
    expect(logger.records.map((record) => `${record.level} ${record.message}`)).toEqual([
      'info llm send',
      'info llm send completed',
    ]);
    expect(logger.records[0]?.fields).toEqual({ model: 'test-model', messageCount: 2 });
    expect(logger.records[1]?.fields).toMatchObject({
      model: 'test-model',
      promptTokens: 10,
      completionTokens: 4,
      totalTokens: 14,
      cachedTokens: 2,
      finishReason: 'stop',
      responseId: 'fake-1',
    });
    expect(typeof logger.records[1]?.fields?.durationMs).toBe('number');
    expect(JSON.stringify(logger.records)).not.toContain('question');
    expect(JSON.stringify(logger.records)).not.toContain('The answer');
  });

  it('logs only the model, duration and tokens at minimal level', async () => {
    const logger = recordingLogger();
    const provider = createFakeProvider().text('x', {
      usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
    });
    await composeMiddleware(provider, [loggingMiddleware(logger, 'minimal')]).send(request, {});
    expect(logger.records[0]?.fields).toEqual({ model: 'test-model' });
    expect(Object.keys(logger.records[1]?.fields ?? {}).sort()).toEqual([
      'completionTokens',
      'durationMs',
      'model',
      'promptTokens',
      'totalTokens',
    ]);
  });

  it('logs the latest message and the answer, truncated, at verbose level — and never a key', async () => {
    const logger = recordingLogger();
    const long = 'y'.repeat(200);
    const provider = createFakeProvider().text(long);
    const { send } = composeMiddleware(provider, [
      loggingMiddleware(logger, 'verbose', { maxContentLength: 50 }),
    ]);
    await send(request, options);
    const [started, completed] = logger.records;
    expect(started?.fields).toMatchObject({
      systemPrompt: 'Be brief.',
      lastMessageRole: 'user',
      lastMessageContent: 'Latest question',
    });
    expect(completed?.fields?.responseContent).toBe(`${'y'.repeat(50)}… (+150 chars)`);
    expect(JSON.stringify(logger.records)).not.toContain(SECRET);
  });

  it('logs failures with code and status but no body or key', async () => {
    const logger = recordingLogger();
    const failure = new ProviderError({
      code: 'invalid_api_key',
      message: 'Incorrect API key provided',
      provider: 'fake',
      status: 401,
      body: `{"error":"key ${SECRET} is wrong"}`,
      retryable: false,
    });
    const provider = createFakeProvider().error(failure);
    const { send } = composeMiddleware(provider, [loggingMiddleware(logger, 'verbose')]);
    await expect(send(request, options)).rejects.toBe(failure);
    const record = logger.records.at(-1);
    expect(record?.level).toBe('error');
    expect(record?.message).toBe('llm send failed');
    expect(record?.fields).toMatchObject({
      errorCode: 'invalid_api_key',
      errorName: 'ProviderError',
      status: 401,
    });
    expect(JSON.stringify(logger.records)).not.toContain(SECRET);
  });

  it('logs a stream when it finishes, without touching its events', async () => {
    const logger = recordingLogger();
    const usage = { promptTokens: 7, completionTokens: 3, totalTokens: 10 };
    const provider = createFakeProvider().text('Streamed answer', { usage });
    const { stream } = composeMiddleware(provider, [loggingMiddleware(logger, 'verbose')]);
    const started = await stream(request, options);
    expect(logger.records.map((record) => record.message)).toEqual(['llm stream']);
    const types: string[] = [];
    for await (const event of started) types.push(event.type);
    expect(types.at(-1)).toBe('finish');
    expect(types).toContain('usage');
    expect(logger.records.at(-1)?.message).toBe('llm stream completed');
    expect(logger.records.at(-1)?.fields).toMatchObject({
      promptTokens: 7,
      responseContent: 'Streamed answer',
    });
    expect(JSON.stringify(logger.records)).not.toContain(SECRET);
  });

  it('logs a cancelled stream as aborted (warn)', async () => {
    const logger = recordingLogger();
    const provider = createFakeProvider().text('a b c d e f g h');
    const { stream } = composeMiddleware(provider, [loggingMiddleware(logger)]);
    const started = await stream(request, {});
    for await (const _event of started) break;
    expect(logger.records.at(-1)).toMatchObject({ level: 'warn', message: 'llm stream aborted' });
  });

  it('a throwing logger never breaks the call', async () => {
    const logger: MiddlewareLogger = {
      info() {
        throw new Error('disk full');
      },
      error() {
        throw new Error('disk full');
      },
    };
    const provider = createFakeProvider().text('fine');
    const { send } = composeMiddleware(provider, [loggingMiddleware(logger)]);
    expect((await send(request, {})).content).toBe('fine');
  });

  it('accepts console and validates its arguments', () => {
    expect(loggingMiddleware(console).name).toBe('logging');
    expect(() => loggingMiddleware({} as MiddlewareLogger)).toThrow(ValidationError);
    expect(() => loggingMiddleware(console, 'loud' as never)).toThrow(/level/);
    expect(() => loggingMiddleware(console, 'verbose', { maxContentLength: 0 })).toThrow(
      /maxContentLength/,
    );
  });
});
