import { defineConfig } from 'vitest/config';
import { sharedTestConfig } from '../../tooling/config/vitest.shared.js';

export default defineConfig({ test: sharedTestConfig });
