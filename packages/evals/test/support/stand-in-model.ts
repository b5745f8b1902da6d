import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { ModelCost } from '@aigo/ai';
import { type RecordedRequest, type RecordedServer, startRecordedServer } from '@aigo/testing';

/** The models the stand-in serves: a large one that is right more often and a cheap one. */
export type StandInModelName = 'triage-large' | 'triage-small';

/** Their prices (per million tokens), for the clients' `modelCost`. */
export const STAND_IN_PRICES: Readonly<Record<StandInModelName, ModelCost>> = {
  'triage-large': { inputCostPerMillion: 2.5, outputCostPerMillion: 10 },
  'triage-small': { inputCostPerMillion: 0.15, outputCostPerMillion: 0.6 },
};

/** The tickets each model gets wrong, and the team it answers instead. */
export const STAND_IN_MISSES: Readonly<Record<StandInModelName, Readonly<Record<string, string>>>> =
  {
    'triage-large': { t13: 'technical' },
    'triage-small': {
      t11: 'technical',
      t13: 'shipping',
      t17: 'shipping',
      t23: 'technical',
      t24: 'account',
      t29: 'shipping',
    },
  };

/** Tickets whose order the small model does not look up (it answers at once). */
const SMALL_SKIPS_TOOL = new Set(['t22']);

interface Ticket {
  readonly id: string;
  readonly input: string;
  readonly expected: string;
  readonly metadata?: { readonly tools?: readonly { readonly args: { readonly order: string } }[] };
}

/** The dataset's tickets, by their text. */
export function ticketsByText(file: string): Map<string, Ticket> {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  return new Map(
    lines.slice(1).map((line) => {
      const ticket = JSON.parse(line) as Ticket;
      return [ticket.input, ticket];
    }),
  );
}

interface ChatBody {
  readonly model: StandInModelName;
  readonly stream?: boolean;
  readonly messages: readonly { readonly role: string; readonly content?: unknown }[];
  readonly tools?: readonly unknown[];
}

/**
 * A scripted stand-in for the OpenAI Chat Completions API on 127.0.0.1 (`/v1/chat/completions`,
 * streamed or not): it routes support tickets of `support-tickets.jsonl` to a team, answering
 * `{"category": …}`, and — when it is offered tools — first calls `order_status` for a ticket that
 * names an order. Each model gets the tickets of `STAND_IN_MISSES` wrong. Usage is a quarter of the
 * characters, so cost follows the prompt.
 */
export async function startStandInModel(datasetFile: string): Promise<RecordedServer> {
  const tickets = ticketsByText(datasetFile);
  return startRecordedServer([
    {
      path: '/v1/chat/completions',
      respond: (request: RecordedRequest, response: ServerResponse) => {
        answer(tickets, request.body as ChatBody, response);
      },
    },
  ]);
}

function answer(
  tickets: ReadonlyMap<string, Ticket>,
  body: ChatBody,
  response: ServerResponse,
): void {
  const user = body.messages.find((message) => message.role === 'user');
  const text = typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content);
  const ticket = tickets.get(text);
  if (ticket === undefined) {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        error: { message: `unknown ticket: ${text}`, type: 'invalid_request_error' },
      }),
    );
    return;
  }
  const model = body.model;
  const order = ticket.metadata?.tools?.[0]?.args.order;
  const looked = body.messages.some((message) => message.role === 'tool');
  const callsTool =
    order !== undefined &&
    (body.tools?.length ?? 0) > 0 &&
    !looked &&
    !(model === 'triage-small' && SMALL_SKIPS_TOOL.has(ticket.id));
  const category = STAND_IN_MISSES[model]?.[ticket.id] ?? ticket.expected;
  const content = callsTool ? '' : JSON.stringify({ category });
  const toolCall = callsTool
    ? {
        id: `call_${ticket.id}`,
        type: 'function',
        function: { name: 'order_status', arguments: JSON.stringify({ order }) },
      }
    : undefined;
  const usage = {
    prompt_tokens: Math.ceil(JSON.stringify(body.messages).length / 4),
    completion_tokens: Math.ceil(content.length / 4) + (toolCall === undefined ? 1 : 12),
  };
  const totals = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
  const id = `chatcmpl-${ticket.id}-${looked ? 2 : 1}`;
  const finish = toolCall === undefined ? 'stop' : 'tool_calls';
  if (body.stream !== true) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created: 1_700_000_000,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: toolCall === undefined ? content : null,
              ...(toolCall ? { tool_calls: [toolCall] } : {}),
            },
            finish_reason: finish,
          },
        ],
        usage: totals,
      }),
    );
    return;
  }
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1_700_000_000, model, choices, ...extra })}\n\n`;
  const delta =
    toolCall === undefined
      ? { role: 'assistant', content }
      : { role: 'assistant', tool_calls: [{ index: 0, ...toolCall }] };
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.end(
    chunk([{ index: 0, delta, finish_reason: null }]) +
      chunk([{ index: 0, delta: {}, finish_reason: finish }]) +
      chunk([], { usage: totals }) +
      'data: [DONE]\n\n',
  );
}
