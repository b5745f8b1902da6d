import { describe, expect, it } from 'vitest';
import { classify, isHelperUnderSrc, isNonTestSource } from './source-files.js';

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

describe('isHelperUnderSrc', () => {
  it.each([
    'src/test-helpers.ts',
    'src/stream/test-random.ts',
    'src/__mocks__/fs.ts',
    'src/test/server.ts',
  ])('%s is a test helper under src/', (path) => {
    expect(isHelperUnderSrc(path)).toBe(true);
  });

  it.each([
    'src/index.ts',
    'src/a.test.ts',
    'src/a.spec.ts',
    'test/support/server.ts',
    'test-x.ts',
  ])('%s is not', (path) => {
    expect(isHelperUnderSrc(path)).toBe(false);
  });
});

describe('isNonTestSource', () => {
  it.each(['src/index.ts', 'runner/run.mjs', 'ui/app.tsx', 'build-package.mjs'])(
    '%s is',
    (path) => {
      expect(isNonTestSource(path)).toBe(true);
    },
  );

  it.each(['src/a.test.ts', 'test/support/x.ts', 'src/test-x.ts', 'vitest.config.ts'])(
    '%s is not',
    (path) => {
      expect(isNonTestSource(path)).toBe(false);
    },
  );
});
