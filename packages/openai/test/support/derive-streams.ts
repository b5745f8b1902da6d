/**
 * Streams derived from recorded non-streaming bodies, to check that `streamMessage` + `collect()`
 * and `sendMessage` agree on the same answer. The values are the recorded ones; the chunking is
 * ours (text in 5-character pieces, the shapes OpenAI streams use). They are not recordings.
 */

type Json = Record<string, unknown>;

function pieces(text: string, size = 5): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function sse(events: unknown[], done: boolean, named = false): string {
  let body = '';
  for (const event of events) {
    const type = named ? (event as { type?: string }).type : undefined;
    body += `${type === undefined ? '' : `event: ${type}\n`}data: ${JSON.stringify(event)}\n\n`;
  }
  return done ? `${body}data: [DONE]\n\n` : body;
}

/** A Chat Completions SSE body carrying the same answer as a non-streaming body. */
export function chatBodyToSse(body: Json): string {
  const choices = body.choices as Json[];
  const choice = choices.find((c) => c.index === undefined || c.index === 0) as Json;
  const message = (choice.message ?? {}) as Json;
  const base = {
    id: body.id,
    object: 'chat.completion.chunk',
    created: body.created,
    model: body.model,
  };
  const chunk = (delta: Json, finish: unknown = null) => ({
    ...base,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const chunks: unknown[] = [
    chunk({
      role: 'assistant',
      ...(message.extra_content === undefined ? {} : { extra_content: message.extra_content }),
    }),
  ];
  for (const field of ['reasoning_content', 'reasoning', 'content', 'refusal']) {
    const text = message[field];
    if (typeof text === 'string')
      for (const piece of pieces(text)) chunks.push(chunk({ [field]: piece }));
  }
  ((message.tool_calls ?? []) as Json[]).forEach((call, index) => {
    const fn = call.function as Json;
    chunks.push(
      chunk({
        tool_calls: [
          {
            index,
            id: call.id,
            type: 'function',
            function: { name: fn.name, arguments: '' },
            ...(call.extra_content === undefined ? {} : { extra_content: call.extra_content }),
          },
        ],
      }),
    );
    for (const piece of pieces(String(fn.arguments ?? ''))) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  chunks.push(chunk({}, choice.finish_reason ?? null));
  if (body.usage !== undefined && body.usage !== null) {
    chunks.push({ ...base, choices: [], usage: body.usage });
  }
  return sse(chunks, true);
}

/** A Responses API SSE body (typed events) carrying the same answer as a non-streaming body. */
export function responsesBodyToSse(body: Json): string {
  const events: Json[] = [];
  let sequence = 0;
  const emit = (event: Json) => events.push({ ...event, sequence_number: sequence++ });
  emit({
    type: 'response.created',
    response: { ...body, status: 'in_progress', output: [], usage: null },
  });
  ((body.output ?? []) as Json[]).forEach((item, outputIndex) => {
    const itemId = item.id;
    switch (item.type) {
      case 'message': {
        emit({
          type: 'response.output_item.added',
          output_index: outputIndex,
          item: { ...item, content: [] },
        });
        ((item.content ?? []) as Json[]).forEach((part, contentIndex) => {
          const deltaType =
            part.type === 'refusal' ? 'response.refusal.delta' : 'response.output_text.delta';
          const text = String(part.type === 'refusal' ? part.refusal : part.text);
          for (const piece of pieces(text)) {
            emit({
              type: deltaType,
              item_id: itemId,
              output_index: outputIndex,
              content_index: contentIndex,
              delta: piece,
            });
          }
        });
        break;
      }
      case 'function_call':
        emit({
          type: 'response.output_item.added',
          output_index: outputIndex,
          item: { ...item, arguments: '' },
        });
        for (const piece of pieces(String(item.arguments ?? ''))) {
          emit({
            type: 'response.function_call_arguments.delta',
            item_id: itemId,
            output_index: outputIndex,
            delta: piece,
          });
        }
        emit({
          type: 'response.function_call_arguments.done',
          item_id: itemId,
          output_index: outputIndex,
          arguments: item.arguments,
        });
        break;
      case 'reasoning':
        emit({
          type: 'response.output_item.added',
          output_index: outputIndex,
          item: { ...item, summary: [] },
        });
        ((item.summary ?? []) as Json[]).forEach((part, summaryIndex) => {
          for (const piece of pieces(String(part.text ?? ''))) {
            emit({
              type: 'response.reasoning_summary_text.delta',
              item_id: itemId,
              output_index: outputIndex,
              summary_index: summaryIndex,
              delta: piece,
            });
          }
        });
        break;
      default:
        emit({ type: 'response.output_item.added', output_index: outputIndex, item });
    }
    emit({ type: 'response.output_item.done', output_index: outputIndex, item });
  });
  emit({
    type: body.status === 'incomplete' ? 'response.incomplete' : 'response.completed',
    response: body,
  });
  return sse(events, false, true);
}

/**
 * The final `response` object of a recorded Responses stream (`response.completed` or
 * `response.incomplete`): the non-streaming body of the same exchange.
 */
export function finalResponseOfSse(text: string): Json {
  let final: Json | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('data: ')) continue;
    const event = JSON.parse(line.slice(6)) as Json;
    if (event.type === 'response.completed' || event.type === 'response.incomplete') {
      final = event.response as Json;
    }
  }
  if (final === undefined) throw new Error('no response.completed in the stream');
  return final;
}
