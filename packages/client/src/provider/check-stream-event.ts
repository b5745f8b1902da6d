import {
  type ContractProblem,
  FINISH_REASON_RULE,
  isFinishReason,
  isRecord,
  problem,
  usageProblem,
} from './contract-problem.js';
import { describeValue } from './describe-value.js';
import { InvalidProviderResponseError } from './invalid-provider-response-error.js';

/**
 * Checks one event a provider's stream produced against the `StreamEvent` contract of `@aigo/ai`:
 * a known `type` and the fields of that type with the right types (`text` a string, `index` an
 * integer ≥ 0, usage counts numbers, a known finish reason…). The client runs it on every event of
 * every stream; a provider's own tests can run it too.
 *
 * @throws InvalidProviderResponseError naming the provider and the bad field (`event.text`).
 */
export function checkStreamEvent(event: unknown, provider: string): void {
  const found = streamEventProblem(event);
  if (found !== undefined) throw eventError(found, event, provider);
}

const EVENT_TYPES =
  '"start", "content", "reasoning", "refusal", "tool_call_delta", "metadata", "media", "usage" or "finish"';

/**
 * The first field of a stream event that breaks the `StreamEvent` contract of `@aigo/ai`, if any.
 * Runs for every event of every stream: a switch on `type` and one to three type checks, nothing
 * allocated unless something is wrong.
 */
export function streamEventProblem(event: unknown): ContractProblem | undefined {
  if (!isRecord(event)) return problem('event', event, 'be a StreamEvent object');
  switch (event.type) {
    case 'content':
    case 'reasoning':
    case 'refusal':
      return typeof event.text === 'string'
        ? undefined
        : problem('event.text', event.text, 'be a string');
    case 'tool_call_delta':
      return toolCallDeltaProblem(event);
    case 'usage':
      return usageProblem(event.usage, 'event.usage');
    case 'metadata':
      return metadataProblem(event);
    case 'media':
      return mediaProblem(event);
    case 'start':
      if (typeof event.id !== 'string') return problem('event.id', event.id, 'be a string');
      return typeof event.model === 'string'
        ? undefined
        : problem('event.model', event.model, 'be a string');
    case 'finish':
      if (!isFinishReason(event.finishReason)) {
        return problem('event.finishReason', event.finishReason, FINISH_REASON_RULE);
      }
      return event.rawFinishReason === undefined || typeof event.rawFinishReason === 'string'
        ? undefined
        : problem('event.rawFinishReason', event.rawFinishReason, 'be a string, or be left out');
    default:
      return problem('event.type', event.type, `be one of ${EVENT_TYPES}`);
  }
}

function toolCallDeltaProblem(event: {
  readonly [key: string]: unknown;
}): ContractProblem | undefined {
  const index = event.index;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) {
    return problem('event.index', index, "be the call's position, an integer ≥ 0");
  }
  if (typeof event.argumentsDelta !== 'string') {
    return problem(
      'event.argumentsDelta',
      event.argumentsDelta,
      "be a string (a fragment of the arguments' JSON, '' when none)",
    );
  }
  if (event.id !== undefined && typeof event.id !== 'string') {
    return problem('event.id', event.id, 'be a string, or be left out');
  }
  if (event.name !== undefined && typeof event.name !== 'string') {
    return problem('event.name', event.name, 'be a string, or be left out');
  }
  if (event.providerMetadata !== undefined && !isRecord(event.providerMetadata)) {
    return problem('event.providerMetadata', event.providerMetadata, 'be an object');
  }
  return undefined;
}

function metadataProblem(event: { readonly [key: string]: unknown }): ContractProblem | undefined {
  const { providerMetadata, grounding, codeExecutions, images, audio, videos } = event;
  if (providerMetadata !== undefined && !isRecord(providerMetadata)) {
    return problem('event.providerMetadata', providerMetadata, 'be an object');
  }
  if (grounding !== undefined && !isRecord(grounding)) {
    return problem('event.grounding', grounding, 'be a Grounding object');
  }
  if (codeExecutions !== undefined && !Array.isArray(codeExecutions)) {
    return problem('event.codeExecutions', codeExecutions, 'be an array');
  }
  if (images !== undefined && !Array.isArray(images)) {
    return problem('event.images', images, 'be an array');
  }
  if (audio !== undefined && !Array.isArray(audio)) {
    return problem('event.audio', audio, 'be an array');
  }
  if (videos !== undefined && !Array.isArray(videos)) {
    return problem('event.videos', videos, 'be an array');
  }
  return undefined;
}

function mediaProblem(event: { readonly [key: string]: unknown }): ContractProblem | undefined {
  const { media, partial, index } = event;
  if (!isRecord(media) || typeof media.mimeType !== 'string') {
    return problem('event.media', media, 'be a GeneratedMedia object with a mimeType');
  }
  if (typeof partial !== 'boolean') return problem('event.partial', partial, 'be a boolean');
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) {
    return problem('event.index', index, "be the output's position, an integer ≥ 0");
  }
  return undefined;
}

/** The error for a bad stream event. */
export function eventError(
  found: ContractProblem,
  event: unknown,
  provider: string,
): InvalidProviderResponseError {
  const type = isRecord(event) && typeof event.type === 'string' ? event.type : undefined;
  const subject =
    found.field === 'event'
      ? `${describeValue(found.value)} as a stream event`
      : found.field === 'event.type'
        ? `an event whose type is ${type === undefined ? describeValue(found.value) : quoted(type)}: it must ${found.must}`
        : `a "${type}" event whose ${found.field.slice('event.'.length)} is ${describeValue(found.value)}: it must ${found.must}`;
  return new InvalidProviderResponseError({
    provider,
    field: found.field,
    message: `The provider "${provider}" streamed ${subject}. Fix the provider's stream to enqueue the StreamEvents that @aigo/ai describes (providerConformance from @aigo/testing checks a provider against the contracts).`,
  });
}

/** A type name for a message: quoted, and cut when long (it came from a provider). */
function quoted(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
