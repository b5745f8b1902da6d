import type { ChatResponse, JsonSchema, Prompt } from '@aigo/ai';
import type { Client, ContinueOptions } from '@aigo/client';
import { promptAsMessage } from '../steering/steering-message.js';
import type { AgentSettings, EventSink } from './agent-settings.js';
import { offersTools } from './parse-answer.js';

/**
 * One model call of a run through `client`: the prompt (a new run's first call) or the conversation
 * continued with `options.messages` — both when a new run's first call also carries steering
 * messages. Streamed on a streamed run (`sink`), whose `content` and `reasoning` fragments become
 * events of `iteration`; the client stores the turn once the reply is complete.
 */
export async function callModel(
  client: Client,
  prompt: Prompt | undefined,
  options: ContinueOptions,
  sink: EventSink | undefined,
  iteration: number,
): Promise<ChatResponse> {
  const opening = options.messages;
  if (prompt !== undefined && opening !== undefined) {
    // The first call of a run that was steered before it began: the prompt, then the messages.
    return callModel(
      client,
      undefined,
      { ...options, messages: [promptAsMessage(prompt, 'prompt'), ...opening] },
      sink,
      iteration,
    );
  }
  if (sink === undefined) {
    return prompt === undefined
      ? client.continueConversation(options)
      : client.sendMessage(prompt, options);
  }
  const stream =
    prompt === undefined
      ? await client.streamContinueConversation(options)
      : await client.streamMessage(prompt, options);
  for await (const event of stream) {
    if (event.type === 'content' || event.type === 'reasoning') {
      const wait = sink.emit({ type: event.type, iteration, text: event.text });
      if (wait !== undefined) await wait;
    }
  }
  return stream.collect();
}

/** The JSON Schema to send as the request's response format, when it goes natively. */
export function nativeSchema(settings: AgentSettings, client: Client): JsonSchema | undefined {
  const { jsonSchema, structuredOutput } = settings;
  if (jsonSchema === undefined || structuredOutput === 'prompt') return undefined;
  if (structuredOutput === 'native') return jsonSchema;
  return client.provider.id === 'gemini' && offersTools(client) ? undefined : jsonSchema;
}
