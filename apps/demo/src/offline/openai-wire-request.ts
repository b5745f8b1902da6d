import type { ChatRequest, Message, ToolCall, ToolDescription } from '@aigo/ai';

/**
 * The subset of an OpenAI Chat Completions request body the offline server reads. Written loosely:
 * it comes off the wire.
 */
interface WireBody {
  readonly model?: unknown;
  readonly stream?: unknown;
  readonly messages?: unknown;
  readonly tools?: unknown;
}

/** What the offline server needs from a request body. */
export interface WireRequest {
  /** Whether the client asked for an SSE stream (`"stream": true`). */
  readonly stream: boolean;
  /** The request as aigo's contract describes it, for the scripted model. */
  readonly request: ChatRequest;
}

/**
 * Reads an OpenAI Chat Completions request body (what `@aigo/openai` sends) back into a `ChatRequest`
 * for the scripted model: system, user, assistant (with tool calls) and tool messages as text, and
 * the function tools. Anything else in the body (response format, tool choice, stream options) is
 * accepted and ignored: a script does not need it.
 *
 * @throws Error naming what is wrong when the body is not a Chat Completions request.
 */
export function readWireRequest(body: unknown): WireRequest {
  if (body === null || typeof body !== 'object') throw new Error('the body must be a JSON object');
  const wire = body as WireBody;
  if (!Array.isArray(wire.messages)) throw new Error('"messages" must be an array');
  const messages: Message[] = [];
  let systemPrompt: string | undefined;
  for (const raw of wire.messages as unknown[]) {
    const message = readMessage(raw);
    if (message.role === 'system') {
      systemPrompt =
        systemPrompt === undefined ? textOf(message) : `${systemPrompt}\n${textOf(message)}`;
    } else {
      messages.push(message);
    }
  }
  const tools = Array.isArray(wire.tools) ? (wire.tools as unknown[]).flatMap(readTool) : [];
  return {
    stream: wire.stream === true,
    request: {
      model: typeof wire.model === 'string' ? wire.model : '',
      messages,
      ...(systemPrompt === undefined ? {} : { systemPrompt }),
      ...(tools.length === 0 ? {} : { tools }),
    },
  };
}

function readMessage(raw: unknown): Message {
  if (raw === null || typeof raw !== 'object') throw new Error('every message must be an object');
  const wire = raw as {
    role?: unknown;
    content?: unknown;
    tool_calls?: unknown;
    tool_call_id?: unknown;
  };
  const content = contentText(wire.content);
  switch (wire.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content };
    case 'user':
      return { role: 'user', content };
    case 'assistant': {
      const toolCalls = Array.isArray(wire.tool_calls)
        ? (wire.tool_calls as unknown[]).map(readToolCall)
        : [];
      return toolCalls.length === 0
        ? { role: 'assistant', content }
        : { role: 'assistant', content, toolCalls };
    }
    case 'tool':
      return {
        role: 'tool',
        content,
        toolCallId: typeof wire.tool_call_id === 'string' ? wire.tool_call_id : '',
      };
    default:
      throw new Error(`unknown message role ${JSON.stringify(wire.role)}`);
  }
}

/** A message's text: a string, or the text parts of a content array joined. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) =>
      part !== null &&
      typeof part === 'object' &&
      typeof (part as { text?: unknown }).text === 'string'
        ? (part as { text: string }).text
        : '',
    )
    .join('');
}

function textOf(message: Message): string {
  return typeof message.content === 'string' ? message.content : '';
}

function readToolCall(raw: unknown): ToolCall {
  const wire = (raw ?? {}) as { id?: unknown; function?: { name?: unknown; arguments?: unknown } };
  return {
    id: typeof wire.id === 'string' ? wire.id : '',
    type: 'function',
    function: {
      name: typeof wire.function?.name === 'string' ? wire.function.name : '',
      arguments: typeof wire.function?.arguments === 'string' ? wire.function.arguments : '{}',
    },
  };
}

function readTool(raw: unknown): ToolDescription[] {
  const wire = (raw ?? {}) as {
    type?: unknown;
    function?: { name?: unknown; description?: unknown; parameters?: unknown };
  };
  if (wire.type !== 'function' || typeof wire.function?.name !== 'string') return [];
  return [
    {
      name: wire.function.name,
      description: typeof wire.function.description === 'string' ? wire.function.description : '',
      parameters: (wire.function.parameters ?? { type: 'object' }) as ToolDescription['parameters'],
    },
  ];
}
