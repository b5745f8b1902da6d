import type { Message } from '@a2a-js/sdk';
import type { InteractionRequest, InteractionResponse, InteractionResponses } from '@aigo/ai';
import { readParts } from '../shared/a2a-parts.js';

const APPROVE = /^\s*(yes|y|ok|okay|approve|approved|allow|go ahead)\b[\s.!]*$/i;

function isResponse(value: unknown): value is InteractionResponse {
  if (value === null || typeof value !== 'object') return false;
  const v = value as { approved?: unknown; arguments?: unknown; reason?: unknown };
  if (v.approved === true) return v.arguments === undefined || typeof v.arguments === 'string';
  if (v.approved === false) return v.reason === undefined || typeof v.reason === 'string';
  return false;
}

/**
 * The decisions a client's message gives for a suspended run's requests. A data part
 * `{"responses": {"<request id>": {"approved": true} | {"approved": false, "reason": "…"}}}` answers
 * each request; otherwise the text answers all of them: `yes`, `ok`, `approve` (and the like)
 * approve, anything else refuses, with the text as the reason.
 */
export function interactionResponses(
  message: Message,
  requests: readonly InteractionRequest[],
): InteractionResponses {
  const content = readParts(message.parts);
  for (const value of content.data) {
    const responses = (value as { responses?: unknown } | null)?.responses;
    if (responses === null || typeof responses !== 'object') continue;
    const given = responses as Record<string, unknown>;
    if (requests.every((request) => isResponse(given[request.id]))) {
      return Object.fromEntries(
        requests.map((request) => [request.id, given[request.id] as InteractionResponse]),
      );
    }
  }
  const text = content.texts.join('\n').trim();
  const response: InteractionResponse = APPROVE.test(text)
    ? { approved: true }
    : { approved: false, ...(text === '' ? {} : { reason: text }) };
  return Object.fromEntries(requests.map((request) => [request.id, response]));
}

/** What the client is told a suspended run waits for. */
export function interactionQuestion(requests: readonly InteractionRequest[]): string {
  const lines = requests.map(
    (request) =>
      `- ${request.message ?? `Approve calling ${request.toolCall.name} with ${request.toolCall.arguments}?`} (request ${request.id})`,
  );
  return [
    'The agent waits for a decision:',
    ...lines,
    'Answer "yes" to approve all, anything else to refuse (with your reason), or send a data part {"responses": {"<request id>": {"approved": true}}}.',
  ].join('\n');
}
