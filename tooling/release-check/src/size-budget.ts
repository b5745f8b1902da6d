import type { PackageManifest } from '@aigo/deps-check';

/** The packed-size budget of a package that sets none: 150 KiB of gzipped tarball. */
export const DEFAULT_SIZE_BUDGET = 150 * 1024;

/** A package's size budget, read from `"aigo": { "sizeBudget": bytes }` in its package.json. */
export type SizeBudget =
  | { readonly ok: true; readonly bytes: number; readonly custom: boolean }
  | { readonly ok: false; readonly problem: string };

/**
 * Reads the packed-size budget of a package: `aigo.sizeBudget` (a positive integer number of bytes) or
 * {@link DEFAULT_SIZE_BUDGET}.
 *
 * @param manifest - The package's package.json.
 */
export function sizeBudgetOf(manifest: PackageManifest): SizeBudget {
  const settings = manifest.aigo;
  if (settings === undefined) return { ok: true, bytes: DEFAULT_SIZE_BUDGET, custom: false };
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    return { ok: false, problem: '"aigo" must be an object such as { "sizeBudget": 200000 }' };
  }
  const budget = (settings as Record<string, unknown>).sizeBudget;
  if (budget === undefined) return { ok: true, bytes: DEFAULT_SIZE_BUDGET, custom: false };
  if (typeof budget !== 'number' || !Number.isSafeInteger(budget) || budget <= 0) {
    return { ok: false, problem: '"aigo.sizeBudget" must be a positive whole number of bytes' };
  }
  return { ok: true, bytes: budget, custom: true };
}

/**
 * The problem with a tarball's size, or `undefined` when it fits the budget.
 *
 * @param bytes - Size of the packed tarball.
 * @param budget - The allowed size in bytes.
 */
export function sizeProblem(bytes: number, budget: number): string | undefined {
  if (bytes <= budget) return undefined;
  return `packed size ${formatBytes(bytes)} is over its budget of ${formatBytes(budget)} (raise "aigo.sizeBudget" only for a reason)`;
}

/**
 * Formats a byte count for people: `512 B`, `48.3 KiB`, `1.20 MiB`.
 *
 * @param bytes - A non-negative byte count.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;
}
