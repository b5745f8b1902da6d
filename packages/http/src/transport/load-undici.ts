import type * as Undici from 'undici';

/** The `undici` module. */
export type UndiciModule = typeof Undici;

let loaded: UndiciModule | undefined;
let loading: Promise<UndiciModule> | undefined;

/**
 * undici once it is loaded, else undefined. Importing undici costs ~100–170 ms, so `@aigo/http`
 * loads it at the first request, not when the package is imported.
 */
export function loadedUndici(): UndiciModule | undefined {
  return loaded;
}

/** Loads undici (once per process; a failed load is retried by the next call). */
export function loadUndici(): Promise<UndiciModule> {
  loading ??= import('undici').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
