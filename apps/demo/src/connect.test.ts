import { describe, expect, it } from 'vitest';
import { connect, ONLINE_QUESTION } from './connect.js';
import { OFFLINE_EXAMPLE_PRICE, OPENAI_LIST_PRICES } from './prices.js';

const options = { paceMs: 0, toolNames: { webFetch: 'WebFetch', calculator: 'Calculator' } };

describe('connect', () => {
  it('OpenAI: the list price of a known model, none for an unknown one, the environment’s when set', async () => {
    const known = await connect({ kind: 'openai', model: 'gpt-4o-mini' }, {}, options);
    expect(known).toMatchObject({
      kind: 'openai',
      offline: false,
      model: 'gpt-4o-mini',
      modelCost: { 'gpt-4o-mini': OPENAI_LIST_PRICES['gpt-4o-mini'] },
      defaultPrompt: ONLINE_QUESTION,
      allowedPrivateHosts: [],
    });
    expect(known.priceNote).toMatch(/^prices: OpenAI list price of gpt-4o-mini/);
    await known.close();

    const unknown = await connect({ kind: 'openai', model: 'o9-preview' }, {}, options);
    expect(unknown.modelCost).toBeUndefined();
    expect(unknown.priceNote).toMatch(
      /none known for o9-preview; set AIGO_MODEL_INPUT_COST_PER_MILLION/,
    );
    await unknown.close();

    const env = { AIGO_MODEL_INPUT_COST_PER_MILLION: '1', AIGO_MODEL_OUTPUT_COST_PER_MILLION: '2' };
    const fromEnv = await connect({ kind: 'openai', model: 'gpt-4o-mini' }, env, options);
    expect(fromEnv.modelCost).toBeUndefined(); // the client reads the variables itself
    expect(fromEnv.clientEnv).toBe(env);
    expect(fromEnv.priceNote).toBe('prices: from the AIGO_MODEL_* environment variables');
    await fromEnv.close();
  });

  it('Gemini: @aigo/gemini’s dated price, and thoughts streamed', async () => {
    const connection = await connect({ kind: 'gemini', model: 'gemini-2.5-flash' }, {}, options);
    expect(connection.modelCost).toMatchObject({
      'gemini-2.5-flash': { inputCostPerMillion: expect.any(Number) },
    });
    expect(connection.reasoning).toEqual({ includeThoughts: true });
    expect(connection.priceNote).toMatch(/^prices: @aigo\/gemini's table as of \d{4}-\d\d-\d\d/);
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
      modelCost: OFFLINE_EXAMPLE_PRICE,
      clientEnv: {},
      allowedPrivateHosts: ['127.0.0.1'],
    });
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
