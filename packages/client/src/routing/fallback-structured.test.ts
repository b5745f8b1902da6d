import { ProviderError } from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createStructuredClient } from '../structured/structured-client.js';
import { fallback } from './fallback-provider.js';

const City = Type.Object({ name: Type.String(), population: Type.Integer() });

describe('structured output through a fallback', () => {
  it('falls back from a native-schema provider to one that answers JSON in text', async () => {
    // The first entry takes the schema natively (it checks it got one) but is overloaded.
    const native = createFakeProvider({ id: 'native' }).onRequest((request) => {
      expect(request.responseFormat).toMatchObject({ type: 'json', schema: City });
      throw new ProviderError({
        provider: 'native',
        code: 'overloaded',
        status: 529,
        message: 'overloaded',
        retryable: true,
      });
    });
    // The second has no native schema: it ignores the format and writes JSON inside prose.
    const textOnly = createFakeProvider({ id: 'text' }).text(
      'Here you go:\n```json\n{"name": "Lyon", "population": 522250}\n```\nAnything else?',
    );
    const cities = createStructuredClient(
      fallback([native, { provider: textOnly, model: 'small' }]),
      {
        schema: City,
        defaultModel: 'big',
        maxRetries: 0,
        env: {},
      },
    );
    const response = await cities.sendMessage('Name a French city.');
    expect(response.data).toEqual({ name: 'Lyon', population: 522250 });
    expect(native.callCount).toBe(1);
    expect(textOnly.lastRequest?.model).toBe('small');
    expect(textOnly.lastRequest?.responseFormat).toMatchObject({ type: 'json', schema: City });
  });
});
