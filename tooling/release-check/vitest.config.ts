import { defineConfig } from 'vitest/config';
import { sharedTestConfig } from '../config/vitest.shared.js';

export default defineConfig({ test: sharedTestConfig });
