import type { AgentCard } from '@a2a-js/sdk';
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import { AbortError, type AigoErrorCode, ValidationError } from '@aigo/ai';
import { A2AError } from '../shared/a2a-error.js';
import type { CheckedA2AToolsOptions } from './a2a-tools-options.js';
import { headerFetch } from './header-fetch.js';

/** The card resolver of the SDK, speaking 0.3 to agents whose card is a 0.3 one. */
export function cardResolver(fetchImpl: typeof fetch): DefaultAgentCardResolver {
  return new DefaultAgentCardResolver({ fetchImpl, legacyCompat: { enabled: true } });
}

function invalid(agent: string, problem: string): A2AError {
  return new A2AError({
    code: 'invalid_response',
    agent,
    message: `Invalid agent card of ${agent}: ${problem}`,
  });
}

/**
 * Checks what the SDK made of a card: the fields this package reads must be there, so a page that is
 * not an agent card fails here, with an error naming the field, and never deep in a call.
 */
export function checkAgentCard(card: unknown, agent: string): AgentCard {
  if (card === null || typeof card !== 'object' || Array.isArray(card)) {
    throw invalid(agent, 'not a JSON object');
  }
  const c = card as Partial<AgentCard>;
  if (typeof c.name !== 'string' || c.name.trim() === '') throw invalid(agent, 'no name');
  if (!Array.isArray(c.supportedInterfaces) || c.supportedInterfaces.length === 0) {
    throw invalid(agent, 'no supportedInterfaces (or url)');
  }
  for (const [index, entry] of c.supportedInterfaces.entries()) {
    if (typeof entry?.url !== 'string' || typeof entry.protocolBinding !== 'string') {
      throw invalid(agent, `supportedInterfaces[${index}] needs url and protocolBinding`);
    }
  }
  if (c.skills !== undefined && !Array.isArray(c.skills))
    throw invalid(agent, 'skills is not a list');
  for (const [index, skill] of (c.skills ?? []).entries()) {
    if (typeof skill?.id !== 'string' || skill.id === '') {
      throw invalid(agent, `skills[${index}] has no id`);
    }
  }
  return c as AgentCard;
}

const STATUS = /: (\d{3})$/;

function statusCode(status: number): AigoErrorCode {
  if (status === 401) return 'authentication';
  if (status === 403) return 'permission_denied';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'server_error';
  return 'bad_request';
}

/**
 * Reads the agent's card: the one given (normalised as the SDK does, a 0.3 card translated; one that
 * is not a card is a `ValidationError` of `options.card`), or the one at `url`. Fails with `A2AError` (`connection_error`, `not_found`, `authentication`,
 * `invalid_response`, …), `TimeoutError` or `AbortError`; never with the headers in the message.
 */
export async function resolveAgentCard(options: CheckedA2AToolsOptions): Promise<AgentCard> {
  if (options.card !== undefined) {
    // A card given is an argument: what is wrong with it is the caller's to fix.
    try {
      return checkAgentCard(
        cardResolver(options.fetch).normalizeAgentCard(options.card),
        'the given card',
      );
    } catch (error) {
      throw new ValidationError('options.card', causeText(error), { cause: error });
    }
  }
  const url = options.url as string;
  const timeout = AbortSignal.timeout(options.cardTimeoutMs);
  const signal =
    options.signal === undefined ? timeout : AbortSignal.any([options.signal, timeout]);
  const resolver = cardResolver(headerFetch(options.fetch, options.headers, signal));
  let raw: AgentCard;
  try {
    raw = await resolver.resolve(url, options.cardPath);
  } catch (error) {
    if (options.signal?.aborted) throw AbortError.fromSignal(options.signal);
    if (timeout.aborted) {
      throw new A2AError({
        code: 'timeout',
        agent: url,
        message: `Reading the agent card of ${url} took longer than ${options.cardTimeoutMs} ms`,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    const status = STATUS.exec(message);
    if (status !== null) {
      const code = Number(status[1]);
      throw new A2AError({
        code: statusCode(code),
        agent: url,
        status: code,
        message: `The agent at ${url} answered ${code} for its agent card`,
      });
    }
    if (error instanceof SyntaxError) throw invalid(url, 'not JSON');
    throw new A2AError({
      code: 'connection_error',
      agent: url,
      message: `Could not reach the agent at ${url}: ${causeText(error)}`,
      cause: error,
    });
  }
  return checkAgentCard(raw, url);
}

/** The innermost cause's message (`fetch failed` says little; `ECONNREFUSED` says more). */
export function causeText(error: unknown): string {
  let current: unknown = error;
  let text = error instanceof Error ? error.message : String(error);
  for (
    let depth = 0;
    depth < 4 && current instanceof Error && current.cause !== undefined;
    depth++
  ) {
    current = current.cause;
    if (current instanceof Error && current.message !== '') text = current.message;
  }
  return text;
}
