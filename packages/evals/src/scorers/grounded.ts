import { checkNumber, checkOptions, named } from './check-options.js';
import type { Scorer } from './scorer-types.js';
import { normalizeText } from './text.js';

/** Options of `grounded`. */
export interface GroundedOptions {
  /** The valid citations a passing answer has. Default 1. */
  readonly minCitations?: number;
}

/** A citation of a grounded answer: the evidence it rests on, and the words quoted from it. */
interface Citation {
  readonly evidence: string;
  readonly quote: string;
}

/**
 * Are the answer's citations in the run's evidence? Reads the result of a run with the evidence
 * policy of `@aigo/react` (`result.evidence`: the records tools added, each `{ id, source, quote?,
 * data? }`; `result.citations`: `[{ evidence: id, quote }]`). A citation is valid when its id is
 * in the run's evidence and its quote appears in that evidence's text (its quote, text and data),
 * after whitespace is collapsed and case folded. The score is the share of valid citations; a run
 * passes with at least `minCitations` and none invalid. A run without evidence (the policy off)
 * scores 0 with a reason.
 *
 * @throws ValidationError for a bad option.
 */
export function grounded(options?: GroundedOptions): Scorer {
  const checked = checkOptions('grounded', options, ['minCitations']);
  const minCitations =
    checked.minCitations === undefined
      ? 1
      : checkNumber(
          'grounded.options.minCitations',
          checked.minCitations,
          0,
          Number.MAX_SAFE_INTEGER,
        );
  return named('grounded', (_evalCase, _output, run) => {
    const result = run.result as { evidence?: unknown; citations?: unknown } | null | undefined;
    const evidence = evidenceTexts(result?.evidence);
    if (evidence === undefined) {
      return {
        score: 0,
        pass: false,
        reason:
          'the run has no evidence: run the agent with the evidence policy (policies: [evidence()])',
      };
    }
    const citations = Array.isArray(result?.citations) ? (result.citations as unknown[]) : [];
    const problems: string[] = [];
    let valid = 0;
    for (const citation of citations) {
      const problem = checkCitation(citation, evidence);
      if (problem === undefined) valid++;
      else problems.push(problem);
    }
    const score = citations.length === 0 ? 0 : valid / citations.length;
    const pass = valid >= minCitations && problems.length === 0;
    if (pass) return { score, pass };
    const reason =
      citations.length === 0
        ? 'the answer cites no evidence'
        : problems.slice(0, 3).join('; ') || `${valid} valid citation(s) < ${minCitations}`;
    return { score, pass, reason };
  });
}

function checkCitation(value: unknown, evidence: ReadonlyMap<string, string>): string | undefined {
  const citation = value as Partial<Citation> | null;
  if (citation === null || typeof citation !== 'object' || typeof citation.evidence !== 'string') {
    return 'a citation names no evidence id';
  }
  const text = evidence.get(citation.evidence);
  if (text === undefined) return `${citation.evidence} is not evidence of this run`;
  if (typeof citation.quote !== 'string' || citation.quote.trim() === '') {
    return `the citation of ${citation.evidence} quotes nothing`;
  }
  return text.includes(normalizeText(citation.quote))
    ? undefined
    : `the quote cited from ${citation.evidence} is not in it`;
}

/** Each evidence id's text (normalized), from an array of records or a record keyed by id. */
function evidenceTexts(value: unknown): Map<string, string> | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const texts = new Map<string, string>();
  const entries: Array<[string | undefined, unknown]> = Array.isArray(value)
    ? value.map((record) => [(record as { id?: string } | null)?.id, record])
    : Object.entries(value);
  for (const [id, record] of entries) {
    if (typeof id !== 'string' || record === null || typeof record !== 'object') continue;
    const { quote, text, data } = record as { quote?: unknown; text?: unknown; data?: unknown };
    const parts = [
      quote,
      text,
      typeof data === 'string' ? data : data === undefined ? undefined : JSON.stringify(data),
    ];
    texts.set(id, normalizeText(parts.filter((part) => typeof part === 'string').join('\n')));
  }
  return texts;
}
