import type { Observer, RetrievedChunk, Span } from '@aigo/ai';

/** The stages of a retrieval, in the order they run. */
export type RetrievalStageName = 'embed' | 'semantic' | 'lexical' | 'search' | 'fuse' | 'rerank';

/**
 * The `aigo.retrieval` span of one retrieval: which retriever, each stage's duration and count as
 * attributes (`aigo.retrieval.<stage>.duration_ms`, `.count`) and the list of stages run
 * (`aigo.retrieval.stages`), the results' count; the query only when the observer captures content.
 * Made only when the retriever has an observer: without one, a retrieval measures nothing.
 */
export class RetrievalTrace {
  readonly span: Span;
  readonly #stages: RetrievalStageName[] = [];

  constructor(
    observer: Observer,
    retriever: 'semantic' | 'hybrid',
    query: string,
    parent: Span | undefined,
  ) {
    this.span = observer.startSpan('aigo.retrieval', {
      kind: 'internal',
      ...(parent === undefined ? {} : { parent }),
      attributes: {
        'aigo.retrieval.retriever': retriever,
        ...(observer.captureContent === true ? { 'aigo.retrieval.query': query } : {}),
      },
    });
  }

  /** Runs one stage, recording its duration and what `count` says of its result. */
  async stage<T>(
    name: RetrievalStageName,
    run: () => Promise<T>,
    count: (result: T) => number,
  ): Promise<T> {
    const started = performance.now();
    const result = await run();
    this.record(name, performance.now() - started, count(result));
    return result;
  }

  /** Records a stage measured elsewhere. */
  record(name: RetrievalStageName, durationMs: number, count: number): void {
    if (!this.#stages.includes(name)) this.#stages.push(name);
    this.span.setAttributes({
      [`aigo.retrieval.${name}.duration_ms`]: Math.round(durationMs * 1000) / 1000,
      [`aigo.retrieval.${name}.count`]: count,
    });
  }

  /** Ends the span: with the results' count, or with the error. */
  end(chunks: readonly RetrievedChunk[] | undefined, error?: unknown): void {
    this.span.setAttributes({ 'aigo.retrieval.stages': [...this.#stages] });
    if (chunks !== undefined) {
      this.span.setAttributes({ 'aigo.retrieval.results': chunks.length });
      this.span.setStatus('ok');
    } else {
      this.span.recordError(error);
      this.span.setStatus('error', error instanceof Error ? error.message : String(error));
    }
    this.span.end();
  }
}

/**
 * Runs a retrieval under its trace (when the retriever has an observer), ending the span however it
 * ends.
 */
export async function traced(
  trace: RetrievalTrace | undefined,
  run: () => Promise<RetrievedChunk[]>,
): Promise<RetrievedChunk[]> {
  if (trace === undefined) return run();
  try {
    const chunks = await run();
    trace.end(chunks);
    return chunks;
  } catch (error) {
    trace.end(undefined, error);
    throw error;
  }
}

/** Runs a stage under the trace, or just runs it. */
export function stage<T>(
  trace: RetrievalTrace | undefined,
  name: RetrievalStageName,
  run: () => Promise<T>,
  count: (result: T) => number,
): Promise<T> {
  return trace === undefined ? run() : trace.stage(name, run, count);
}
