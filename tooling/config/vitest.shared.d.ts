import type { ViteUserConfig } from 'vitest/config';

/** The Vitest settings every aigo package shares. */
export declare const sharedTestConfig: NonNullable<ViteUserConfig['test']>;

/** A package's whole Vitest configuration: the shared settings with `test` over them. */
export declare function defineTestConfig(
  test?: NonNullable<ViteUserConfig['test']>,
): ViteUserConfig;
