import { isStreamProvider } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import * as entry from './index.js';

describe('the package entry', () => {
  it('exports the public API', () => {
    expect(Object.keys(entry).sort()).toEqual(
      [
        'GEMINI_API_KEY_ENV',
        'GEMINI_BASE_URL',
        'GEMINI_BASE_URL_ENV',
        'GEMINI_DEFAULT_MODEL',
        'GEMINI_MAX_EMBEDDINGS_PER_CALL',
        'GEMINI_METADATA_KEY',
        'GEMINI_PRICING_SOURCE',
        'GEMINI_PROVIDER_TOOL_IDS',
        'GEMINI_VERTEX_LOCATION_ENV',
        'GEMINI_VERTEX_PROJECT_ENV',
        'GeminiProvider',
        'gemini',
        'geminiModelCost',
        'geminiTools',
        'readGeminiMetadata',
      ].sort(),
    );
  });

  it('gemini() is a StreamProvider with close() and asyncDispose, and geminiTools make provider tools', async () => {
    const provider = entry.gemini({
      apiKey: 'test-key-123456',
      baseURL: 'http://127.0.0.1:9/v1beta',
    });
    expect(provider).toBeInstanceOf(entry.GeminiProvider);
    expect(provider.id).toBe('gemini');
    expect(isStreamProvider(provider)).toBe(true);
    expect(provider.defaultModel).toBe('gemini-2.5-flash-lite');
    expect(Object.isFrozen(provider)).toBe(true);
    expect(typeof provider.modelCost).toBe('function');
    await provider[Symbol.asyncDispose]();
    expect(entry.geminiTools.googleSearch()).toEqual({
      type: 'provider',
      id: 'gemini.google_search',
    });
    expect(entry.geminiTools.urlContext()).toEqual({ type: 'provider', id: 'gemini.url_context' });
    expect(entry.geminiTools.codeExecution()).toEqual({
      type: 'provider',
      id: 'gemini.code_execution',
    });
  });
});
