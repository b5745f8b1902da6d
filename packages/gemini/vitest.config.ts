import { defineConfig } from 'vitest/config';
import { sharedTestConfig } from '@aigo/config/vitest';

export default defineConfig({ test: sharedTestConfig });
