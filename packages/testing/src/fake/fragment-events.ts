import {
  type ChatResponse,
  responseToEvents,
  type StreamEvent,
  ToolCallAccumulator,
} from '@aigo/ai';

/**
 * The events a streaming provider would send for `response`: `start`, reasoning and content in
 * word-sized deltas, each tool call as fragments (id and name on the first, the arguments in two or
 * more pieces), `metadata`, `usage`, `finish`. Collecting them gives back `response`.
 */
export function fragmentResponse(response: ChatResponse): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const event of responseToEvents(response)) {
    switch (event.type) {
      case 'content':
      case 'reasoning':
      case 'refusal':
        for (const text of splitWords(event.text)) events.push({ type: event.type, text });
        break;
      case 'tool_call_delta': {
        const pieces = splitArguments(event.argumentsDelta);
        pieces.forEach((argumentsDelta, position) => {
          if (position > 0) {
            events.push({ type: 'tool_call_delta', index: event.index, argumentsDelta });
            return;
          }
          events.push({
            type: 'tool_call_delta',
            index: event.index,
            ...(event.id === undefined ? {} : { id: event.id }),
            ...(event.name === undefined ? {} : { name: event.name }),
            argumentsDelta,
            ...(event.providerMetadata === undefined
              ? {}
              : { providerMetadata: event.providerMetadata }),
          });
        });
        break;
      }
      default:
        events.push(event);
    }
  }
  return events;
}

/** Word-sized pieces whose concatenation is `text` ("Hello, world" → "Hello, ", "world"). */
export function splitWords(text: string): string[] {
  return text.match(/\s*\S+\s*|\s+/g) ?? [];
}

/**
 * Arguments in at least two pieces (about three), checked against the real accumulator: a split it
 * would join differently (a complete JSON value repeated) falls back to an empty first piece.
 */
function splitArguments(text: string): string[] {
  if (text.length < 2) return ['', text];
  const size = Math.max(1, Math.ceil(text.length / 3));
  const pieces: string[] = [];
  for (let offset = 0; offset < text.length; offset += size)
    pieces.push(text.slice(offset, offset + size));
  const check = new ToolCallAccumulator();
  for (const argumentsDelta of pieces)
    check.add({ type: 'tool_call_delta', index: 0, argumentsDelta });
  return check.toolCalls()[0]?.function.arguments === text ? pieces : ['', text];
}
