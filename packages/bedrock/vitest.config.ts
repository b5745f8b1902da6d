import { defineTestConfig } from '@aigo/config/vitest';

export default defineTestConfig();
