import { describe, expect, it } from 'vitest';
import { connect, ONLINE_QUESTION } from './connect.js';

const options = { paceMs: 0, toolNames: { webFetch: 'WebFetch', calculator: 'Calculator' } };

describe('connect', () => {
  it('OpenAI: no hand-typed prices — the provider knows its list prices; the environment’s when set', async () => {
    const known = await connect({ kind: 'openai', model: 'gpt-4o-mini' }, {}, options);
    expect(known).toMatchObject({
      kind: 'openai',
      offline: false,
      model: 'gpt-4o-mini',
      modelCost: undefined,
      ownPrices: undefined,
      defaultPrompt: ONLINE_QUESTION,
      allowedPrivateHosts: [],
    });
    expect(known.provider.modelCost?.('gpt-4o-mini')?.origin?.provider).toBe('openai');
    await known.close();

    const env = { AIGO_MODEL_INPUT_COST_PER_MILLION: '1', AIGO_MODEL_OUTPUT_COST_PER_MILLION: '2' };
    const fromEnv = await connect({ kind: 'openai', model: 'gpt-4o-mini' }, env, options);
    expect(fromEnv.modelCost).toBeUndefined(); // the client reads the variables itself
    expect(fromEnv.clientEnv).toBe(env);
    expect(fromEnv.ownPrices).toBe('prices: from the AIGO_MODEL_* environment variables');
    await fromEnv.close();
  });

  it('Gemini: the provider’s dated list price, and thoughts streamed', async () => {
    const connection = await connect({ kind: 'gemini', model: 'gemini-2.5-flash' }, {}, options);
    expect(connection.modelCost).toBeUndefined();
    expect(connection.provider.modelCost?.('gemini-2.5-flash')?.origin?.provider).toBe('google');
    expect(connection.reasoning).toEqual({ includeThoughts: true });
    await connection.close();
  });

  it('anthropic: the provider’s list prices apply', async () => {
    const connection = await connect({ kind: 'anthropic', model: 'claude-haiku-4-5' }, {}, options);
    expect(connection.kind).toBe('anthropic');
    expect(connection.modelCost).toBeUndefined();
    expect(connection.provider.id).toBe('anthropic');
    expect(connection.provider.modelCost?.('claude-haiku-4-5')?.origin?.provider).toBe('anthropic');
    await connection.close();
  });

  it('a compatible server: no price, the URL without credentials in the description', async () => {
    const connection = await connect(
      { kind: 'compatible', model: 'qwen3', baseURL: 'http://user:secret@localhost:11434/v1' },
      {},
      options,
    );
    expect(connection.description).toMatch(/^OpenAI-compatible server at /);
    expect(connection.description).not.toContain('secret');
    expect(connection.modelCost).toBeUndefined();
    // A self-hosted server is not OpenAI: no list price.
    expect(connection.provider.modelCost?.('qwen3')).toBeUndefined();
    await connection.close();
  });

  it('offline: a local server, the example price, the page on 127.0.0.1 allowed', async () => {
    const connection = await connect(
      { kind: 'offline' },
      { AIGO_MODEL_INPUT_COST_PER_MILLION: '9' },
      options,
    );
    expect(connection).toMatchObject({
      kind: 'offline',
      offline: true,
      model: 'aigo-offline-scripted',
      modelCost: {
        'aigo-offline-scripted': {
          inputCostPerMillion: expect.any(Number),
          origin: { provider: 'openai', model: 'gpt-4o-mini' },
        },
      },
      clientEnv: {},
      allowedPrivateHosts: ['127.0.0.1'],
    });
    expect(connection.ownPrices).toMatch(
      /^prices: EXAMPLE prices for the offline run — billed as gpt-4o-mini at OpenAI's list price of \d{4}-\d\d-\d\d/,
    );
    expect(connection.description).toMatch(
      /^scripted model \(@aigo\/testing\) behind a local OpenAI-compatible server at http:\/\/127\.0\.0\.1:\d+\/v1/,
    );
    const page = /http:\/\/127\.0\.0\.1:\d+\/pages\/eiffel-tower\.html/.exec(
      connection.defaultPrompt,
    )?.[0];
    expect(await (await fetch(page ?? '')).text()).toContain('330 metres');
    await connection.close();
    await expect(fetch(page ?? '')).rejects.toThrow();
  });
});
