/** A running scratch cluster. */
export interface ScratchPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication). */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Where the server binaries were found. */
  readonly binDir: string;
  /** `postgres --version`. */
  readonly version: string;
  /** The temporary directory (data, log, socket), deleted by `stop()`. */
  readonly dir: string;
  /** Stops the server and deletes the directory. */
  stop(): Promise<void>;
}

/** Finds the PostgreSQL server binaries, or says why none were found. */
export function findPostgresBinaries():
  | { readonly binDir: string }
  | { readonly binDir: undefined; readonly reason: string };

/** Starts a scratch cluster; `fast` turns fsync, full-page writes and synchronous commit off. */
export function startScratchPostgres(options?: {
  readonly fast?: boolean;
}): Promise<ScratchPostgres>;
