import type { ChatResponse, JsonSchema, Prompt } from '@aigo/ai';
import type { Client, ContinueOptions } from '@aigo/client';
import { promptAsMessage } from '../steering/steering-message.js';
import type { AgentSettings, EventSink } from './agent-settings.js';
import { offersTools } from './parse-answer.js';
import { type StreamReplyOptions, streamReply } from './stream-reply.js';

/**
 * Where a run's model calls send what they stream: the sink of a streamed run (none otherwise), the
 * final answer's JSON Schema (partial answers), the agent's span and the partial answers counted.
 */
export interface ReplySite extends Omit<StreamReplyOptions, 'sink' | 'iteration'> {
  readonly sink: EventSink | undefined;
}

/**
 * One model call of a run through `client`: the prompt (a new run's first call) or the conversation
 * continued with `options.messages` — both when a new run's first call also carries steering
 * messages. Streamed on a streamed run (`site.sink`): its `content` and `reasoning` fragments, and
 * with a schema the typed answer so far (`partial_answer`), become events of `iteration`
 * (stream-reply.ts); the client stores the turn once the reply is complete.
 */
export async function callModel(
  client: Client,
  prompt: Prompt | undefined,
  options: ContinueOptions,
  iteration: number,
  site: ReplySite,
): Promise<ChatResponse> {
  const opening = options.messages;
  if (prompt !== undefined && opening !== undefined) {
    // The first call of a run that was steered before it began: the prompt, then the messages.
    return callModel(
      client,
      undefined,
      { ...options, messages: [promptAsMessage(prompt, 'prompt'), ...opening] },
      iteration,
      site,
    );
  }
  const sink = site.sink;
  if (sink === undefined) {
    return prompt === undefined
      ? client.continueConversation(options)
      : client.sendMessage(prompt, options);
  }
  const stream =
    prompt === undefined
      ? await client.streamContinueConversation(options)
      : await client.streamMessage(prompt, options);
  return streamReply(stream, {
    sink,
    iteration,
    jsonSchema: site.jsonSchema,
    agentSpan: site.agentSpan,
    counted: site.counted,
  });
}

/** The JSON Schema to send as the request's response format, when it goes natively. */
export function nativeSchema(settings: AgentSettings, client: Client): JsonSchema | undefined {
  const { jsonSchema, structuredOutput } = settings;
  if (jsonSchema === undefined || structuredOutput === 'prompt') return undefined;
  if (structuredOutput === 'native') return jsonSchema;
  return client.provider.id === 'gemini' && offersTools(client) ? undefined : jsonSchema;
}
