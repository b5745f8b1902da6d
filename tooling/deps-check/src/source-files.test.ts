import { describe, expect, it } from 'vitest';
import { classify } from './source-files.js';

describe('classify', () => {
  it.each([
    'src/index.ts',
    'src/stream/chat-stream.ts',
    'src/components/view.tsx',
    'src/cli.mjs',
    'src/latest.d.ts',
    'src/contest.ts',
  ])('%s is production code', (path) => {
    expect(classify(path)).toBe('production');
  });

  it.each([
    'src/index.test.ts',
    'src/stream/chat-stream.spec.ts',
    'src/decode.bench.ts',
    'src/types.test-d.ts',
    'src/test-helpers.ts',
    'src/__tests__/x.ts',
    'src/test/server.ts',
    'test/end-to-end.test.ts',
    'test/helpers.ts',
    'vitest.config.ts',
    'bench/run.mjs',
  ])('%s is test code', (path) => {
    expect(classify(path)).toBe('test');
  });
});
