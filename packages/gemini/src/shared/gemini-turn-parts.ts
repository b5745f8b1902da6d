import type { GeminiPart } from '../wire/gemini-api.js';

/**
 * One part of a model turn as Gemini sent it, recorded so that the turn can be sent back part for
 * part, each thought signature on the part that carried it. Parts whose content the message
 * already holds point into it, so nothing is stored twice:
 *
 * - `text` / `thought`: a run of the answer text (`content`) or of the thought text (`reasoning`),
 *   `length` UTF-16 code units long, read from where the previous run of the same kind ended;
 * - `functionCall`: `toolCalls[index]` (its signature and id stay on the call);
 * - `executableCode` / `codeExecutionResult`: the code or the outcome of `codeExecutions[index]`;
 * - `part`: a part the message has no field for, kept whole — a server-side tool call or response
 *   (`toolCall`, `toolResponse`), generated media, a signed thought image, a part kind this version
 *   does not know.
 *
 * Every kind but `functionCall` and `part` carries its own `thoughtSignature`, when it had one.
 * The records are plain JSON (memories store them with the message).
 */
export type GeminiPartRecord =
  | {
      readonly kind: 'text' | 'thought';
      readonly length: number;
      readonly thoughtSignature?: string;
    }
  | { readonly kind: 'functionCall'; readonly index: number }
  | {
      readonly kind: 'executableCode' | 'codeExecutionResult';
      readonly index: number;
      readonly thoughtSignature?: string;
    }
  | { readonly kind: 'part'; readonly part: GeminiPart };

/**
 * The records of `providerMetadata.gemini.parts` when each is well-formed, else `undefined` (the
 * turn is then rebuilt from the message's own fields). Never throws: the value comes from storage.
 */
export function readPartRecords(value: unknown): readonly GeminiPartRecord[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  for (const record of value) {
    if (!isPartRecord(record)) return undefined;
  }
  return value as readonly GeminiPartRecord[];
}

function isPartRecord(value: unknown): value is GeminiPartRecord {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as { [key: string]: unknown };
  const signature = record.thoughtSignature;
  if (signature !== undefined && typeof signature !== 'string') return false;
  switch (record.kind) {
    case 'text':
    case 'thought':
      return isCount(record.length);
    case 'functionCall':
      return isCount(record.index) && signature === undefined;
    case 'executableCode':
    case 'codeExecutionResult':
      return isCount(record.index);
    case 'part': {
      const part = record.part;
      return part !== null && typeof part === 'object' && !Array.isArray(part);
    }
    default:
      return false;
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** A part's thought signature, when it carries a non-empty one. */
export function thoughtSignatureOf(part: GeminiPart): string | undefined {
  const signature = part.thoughtSignature;
  return typeof signature === 'string' && signature.length > 0 ? signature : undefined;
}
