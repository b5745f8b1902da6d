import { sharedTestConfig } from '@aigo/config/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The fixture trees hold `*.test.ts` files of fake packages; they are data, not tests.
  test: { ...sharedTestConfig, exclude: ['**/node_modules/**', '**/fixtures/**'] },
});
