import type { ViteUserConfig } from 'vitest/config';

/** The Vitest settings every aigo package shares. */
export declare const sharedTestConfig: NonNullable<ViteUserConfig['test']>;
