import { sharedTestConfig } from '@aigo/config/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: sharedTestConfig });
