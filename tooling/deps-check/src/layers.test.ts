import { describe, expect, it } from 'vitest';
import { type Layer, layerOf, layerViolation } from './layers.js';

function layer(name: string): Layer {
  const found = layerOf(name);
  if (!found) throw new Error(`no layer for ${name}`);
  return found;
}

function check(from: string, to: string): string | undefined {
  return layerViolation(from, layer(from), to, layer(to));
}

describe('layers', () => {
  it('orders the packages by layer', () => {
    expect(layer('@aigo/ai').rank).toBe(0);
    expect(layer('@aigo/http').rank).toBe(1);
    expect(layer('@aigo/testing').rank).toBe(1);
    for (const adapter of [
      '@aigo/openai',
      '@aigo/gemini',
      '@aigo/memory-pg',
      '@aigo/a2a',
      '@aigo/observability',
      '@aigo/otel',
      '@aigo/mcp',
      '@aigo/tools-web',
      '@aigo/tools-fs',
    ]) {
      expect(layer(adapter).label).toBe('adapter');
    }
    expect(layer('@aigo/client').rank).toBe(3);
    expect(layer('@aigo/react').rank).toBe(4);
    expect(layer('@aigo/graph').rank).toBe(4);
    expect(layerOf('@aigo/unknown')).toBeUndefined();
    expect(layerOf('@aigo/tools-')).toBeUndefined();
  });

  it('allows strictly downward imports', () => {
    expect(check('@aigo/http', '@aigo/ai')).toBeUndefined();
    expect(check('@aigo/openai', '@aigo/http')).toBeUndefined();
    expect(check('@aigo/client', '@aigo/ai')).toBeUndefined();
    expect(check('@aigo/react', '@aigo/client')).toBeUndefined();
  });

  it('rejects upward, adapter-to-adapter and same-layer imports', () => {
    expect(check('@aigo/ai', '@aigo/http')).toMatch(/^upward: @aigo\/ai is layer 0/);
    expect(check('@aigo/openai', '@aigo/client')).toMatch(/^upward/);
    expect(check('@aigo/openai', '@aigo/gemini')).toBe('an adapter never imports another adapter');
    expect(check('@aigo/tools-web', '@aigo/otel')).toBe('an adapter never imports another adapter');
    expect(check('@aigo/http', '@aigo/testing')).toBe('a support package imports @aigo/ai only');
    expect(check('@aigo/react', '@aigo/graph')).toMatch(/both are layer 4/);
  });
});
