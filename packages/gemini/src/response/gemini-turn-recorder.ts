import type { GeminiPartRecord } from '../shared/gemini-turn-parts.js';
import type { GeminiPart } from '../wire/gemini-api.js';

/** A text or thought run still open: the next unsigned part of its kind is added to it. */
interface OpenRun {
  readonly kind: 'text' | 'thought';
  length: number;
}

/**
 * Records the parts of one model turn as they are mapped (see {@link GeminiPartRecord}), for the
 * response's `providerMetadata.gemini.parts`. Consecutive unsigned parts of the same kind form one
 * run (a streamed answer arrives as one text part per chunk); a signed part is a record of its own
 * and closes the run, because Gemini asks that a signed part is never merged with another.
 *
 * The records are kept only when the turn needs them: when a part carried a thought signature or
 * the turn holds a server-side tool part. Per stream chunk this costs a comparison and an addition;
 * a record is made only when the kind of part changes.
 */
export class TurnRecorder {
  readonly #records: GeminiPartRecord[] = [];
  #run: OpenRun | undefined;
  #needed = false;

  /** A text (`thought: false`) or thought part that added `length` characters. */
  text(thought: boolean, length: number, signature: string | undefined): void {
    const kind = thought ? 'thought' : 'text';
    if (signature === undefined) {
      const run = this.#run;
      if (run !== undefined && run.kind === kind) {
        run.length += length;
        return;
      }
      if (length === 0) return; // an empty unsigned part brings nothing
      const opened: OpenRun = { kind, length };
      this.#records.push(opened);
      this.#run = opened;
      return;
    }
    this.#needed = true;
    this.#records.push({ kind, length, thoughtSignature: signature });
    this.#run = undefined;
  }

  /** The function call at `index` of the response's tool calls. */
  functionCall(index: number, signed: boolean): void {
    if (signed) this.#needed = true;
    this.#records.push({ kind: 'functionCall', index });
    this.#run = undefined;
  }

  /** A signature arrived on a part already recorded (a streamed call's later fragment). */
  signed(): void {
    this.#needed = true;
  }

  /** The code (or the outcome) of the code execution at `index`. */
  code(
    kind: 'executableCode' | 'codeExecutionResult',
    index: number,
    signature: string | undefined,
  ): void {
    if (signature === undefined) {
      this.#records.push({ kind, index });
    } else {
      this.#needed = true;
      this.#records.push({ kind, index, thoughtSignature: signature });
    }
    this.#run = undefined;
  }

  /**
   * A part kept whole. `needed` says that the turn must be sent back with it even when no part is
   * signed (a server-side tool call or response has no other place on the message).
   */
  keep(part: GeminiPart, needed: boolean): void {
    if (needed || typeof part.thoughtSignature === 'string') this.#needed = true;
    this.#records.push({ kind: 'part', part: { ...part } });
    this.#run = undefined;
  }

  /** The turn's records, or `undefined` when the turn does not need them. */
  records(): readonly GeminiPartRecord[] | undefined {
    return this.#needed ? this.#records.map(copyRecord) : undefined;
  }
}

/** A plain copy (an open run is mutable while the turn is read). */
function copyRecord(record: GeminiPartRecord): GeminiPartRecord {
  return { ...record };
}
