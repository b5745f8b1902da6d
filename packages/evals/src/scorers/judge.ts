import { type JsonSchema, type Schema, ValidationError } from '@aigo/ai';
import { type Client, parseStringAs } from '@aigo/client';
import { checkNumber, checkOptions, named } from './check-options.js';
import type { Scorer } from './scorer-types.js';
import { asText } from './text.js';

/** Options of `judge`. */
export interface JudgeOptions {
  /** What a good output is, in words the judging model can apply. */
  readonly rubric: string;
  /** The client the judging model is called through (its provider, prices and middleware). */
  readonly client: Client;
  /** The judging model (default: the client's). */
  readonly model?: string;
  /** The score a passing output reaches. Default 0.5. */
  readonly threshold?: number;
}

/** The answer the judging model gives, as a JSON Schema (sent as the response format). */
export const JUDGE_SCHEMA: JsonSchema = Object.freeze({
  type: 'object',
  properties: {
    score: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      description: 'How well the output meets the rubric, 0 to 1.',
    },
    reason: { type: 'string', description: 'One or two sentences: why this score.' },
  },
  required: ['score', 'reason'],
  additionalProperties: false,
});

const INSTRUCTIONS =
  'You grade the output of an AI system against a rubric. Read the rubric, the input, the expected ' +
  'answer when there is one, and the output. Answer with JSON only: {"score": a number from 0 ' +
  '(fails the rubric) to 1 (fully meets it), "reason": one or two sentences}.';

/**
 * A model-judged score: asks the judging model, through `client` and aigo's structured output,
 * how well the output meets `rubric` (`{ score, reason }`, checked against a schema). What the
 * judging call cost is the scorer's cost, reported apart from the task's. The call is stateless
 * (no memory) and takes the experiment's signal.
 *
 * @example
 * judge({ rubric: 'Polite, and names the refund policy', client: createClient(openai()), model: 'gpt-4o' })
 *
 * @throws ValidationError for bad options.
 */
export function judge(options: JudgeOptions): Scorer {
  const checked = checkOptions('judge', options, ['rubric', 'client', 'model', 'threshold']);
  if (typeof checked.rubric !== 'string' || checked.rubric.trim() === '') {
    throw new ValidationError('judge.options.rubric', 'must be a non-empty string');
  }
  const client = checked.client as Client | undefined;
  if (client === null || typeof client !== 'object' || typeof client.sendMessage !== 'function') {
    throw new ValidationError('judge.options.client', 'must be a client (createClient)');
  }
  if (checked.model !== undefined && (typeof checked.model !== 'string' || checked.model === '')) {
    throw new ValidationError('judge.options.model', 'must be a non-empty string');
  }
  const rubric = checked.rubric;
  const model = checked.model as string | undefined;
  const threshold =
    checked.threshold === undefined
      ? 0.5
      : checkNumber('judge.options.threshold', checked.threshold, 0, 1);
  return named('judge', async (evalCase, output, run) => {
    const overview = client.createOverview();
    const sections = [`Rubric:\n${rubric}`, `Input:\n${asText(evalCase.input)}`];
    if (evalCase.expected !== undefined) sections.push(`Expected:\n${asText(evalCase.expected)}`);
    sections.push(`Output:\n${asText(output)}`);
    const response = await client.sendMessage(sections.join('\n\n'), {
      memory: null,
      overview,
      signal: run.signal,
      outputSchema: JUDGE_SCHEMA,
      ephemeralSystemPrompt: INSTRUCTIONS,
      ...(model === undefined ? {} : { model }),
    });
    const cost = overview.costSummary().totalCost;
    const verdict = (await parseStringAs(response.content, JUDGE_SCHEMA as Schema)) as {
      score: number;
      reason: string;
    };
    const score = Math.min(1, Math.max(0, verdict.score));
    return { score, pass: score >= threshold, reason: verdict.reason, cost };
  });
}
