import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Bytes gathered before a write: one write per many runs, not one per run. */
const FLUSH_AT = 64 * 1024;

/**
 * Streams an experiment's result file as the runs finish: the header fields, then `"cases": [` and
 * one run per line, then the closing fields (aggregates). The file is a single JSON document once
 * `finish` resolves; memory holds at most one buffer of runs.
 */
export class ResultsWriter {
  readonly #stream: WriteStream;
  #buffer = '';
  #first = true;
  #failure: Error | undefined;

  private constructor(stream: WriteStream) {
    this.#stream = stream;
    stream.on('error', (error) => {
      this.#failure = error;
    });
  }

  /** Opens `path` (creating its folder) and writes the header fields. */
  static async open(
    path: string,
    header: Readonly<Record<string, unknown>>,
  ): Promise<ResultsWriter> {
    await mkdir(dirname(path), { recursive: true });
    const stream = createWriteStream(path);
    await once(stream, 'open');
    const writer = new ResultsWriter(stream);
    writer.#buffer = `${JSON.stringify(header).slice(0, -1)},"cases":[\n`;
    return writer;
  }

  /** Adds a run; resolves at once unless the buffer was handed to a file that is behind. */
  write(run: unknown): Promise<void> | undefined {
    this.#buffer += this.#first ? JSON.stringify(run) : `,\n${JSON.stringify(run)}`;
    this.#first = false;
    return this.#buffer.length >= FLUSH_AT ? this.#flush() : undefined;
  }

  /** Writes the closing fields and closes the file. */
  async finish(tail: Readonly<Record<string, unknown>>): Promise<void> {
    this.#buffer += `\n],${JSON.stringify(tail).slice(1)}\n`;
    await this.#flush();
    await this.#end();
  }

  /** Closes the file without finishing it (the experiment failed). */
  async abort(): Promise<void> {
    await this.#end();
  }

  async #flush(): Promise<void> {
    if (this.#failure !== undefined) throw this.#failure;
    const chunk = this.#buffer;
    this.#buffer = '';
    if (chunk !== '' && !this.#stream.write(chunk)) await once(this.#stream, 'drain');
    if (this.#failure !== undefined) throw this.#failure;
  }

  async #end(): Promise<void> {
    if (this.#stream.closed) return;
    await new Promise<void>((resolve) => this.#stream.end(() => resolve()));
  }
}
