import { defineTestConfig } from '@aigo/config/vitest';

export default defineTestConfig({
  // `global.gc`, for the hostile-client suite's heap measurement (heap after a forced collection).
  execArgv: ['--expose-gc'],
});
