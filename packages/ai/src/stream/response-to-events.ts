import type { ChatResponse } from '../chat/chat-response.js';
import type { StreamEvent } from './stream-event.js';

/** The events that replay a finished response, in stream order. */
export function responseToEvents(response: ChatResponse): StreamEvent[] {
  const events: StreamEvent[] = [{ type: 'start', id: response.id, model: response.model }];
  if (response.reasoning) events.push({ type: 'reasoning', text: response.reasoning });
  if (response.content) events.push({ type: 'content', text: response.content });
  if (response.refusal) events.push({ type: 'refusal', text: response.refusal });
  response.toolCalls.forEach((call, index) => {
    events.push({
      type: 'tool_call_delta',
      index,
      id: call.id,
      name: call.function.name,
      argumentsDelta: call.function.arguments,
      ...(call.providerMetadata === undefined ? {} : { providerMetadata: call.providerMetadata }),
    });
  });
  const metadata = {
    ...(response.providerMetadata === undefined
      ? {}
      : { providerMetadata: response.providerMetadata }),
    ...(response.grounding === undefined ? {} : { grounding: response.grounding }),
    ...(response.codeExecutions === undefined ? {} : { codeExecutions: response.codeExecutions }),
    ...(response.images === undefined ? {} : { images: response.images }),
    ...(response.audio === undefined ? {} : { audio: response.audio }),
    ...(response.videos === undefined ? {} : { videos: response.videos }),
  };
  if (Object.keys(metadata).length > 0) events.push({ type: 'metadata', ...metadata });
  if (response.usage !== undefined) events.push({ type: 'usage', usage: response.usage });
  events.push({
    type: 'finish',
    finishReason: response.finishReason,
    ...(response.rawFinishReason === undefined
      ? {}
      : { rawFinishReason: response.rawFinishReason }),
  });
  return events;
}
