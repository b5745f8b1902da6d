import { defineTestConfig } from '@aigo/config/vitest';

export default defineTestConfig({
  // The fixture trees hold `*.test.ts` files of fake packages; they are data, not tests.
  exclude: ['**/node_modules/**', '**/fixtures/**'],
});
