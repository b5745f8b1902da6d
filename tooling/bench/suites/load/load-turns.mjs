// One conversation turn, timed, for each variant of the load bench: aigo (`@aigo/client` +
// `@aigo/openai` + `@aigo/memory-pg`) and the floor (raw undici + eventsource-parser + raw pg: one
// SELECT of the history, the stream, one INSERT of the two messages). Each resolves to
// `{ firstTokenMs, turnMs }`, both from the moment the turn was asked for.
import { createParser } from 'eventsource-parser';
import { request } from 'undici';

export const MODEL = 'gpt-4o-mini';

/** A turn through aigo: the client reads the history, streams, and stores the turn when it ends. */
export function aigoTurner({ client, store }) {
  return async function aigoTurn(conversationId, prompt) {
    const started = performance.now();
    const memory = store.conversation(conversationId);
    // The history read, asked → rows (waits for a connection included): timed around the method
    // the client calls, on this conversation's memory object only.
    let readMs;
    const readVersioned = memory.readVersioned;
    memory.readVersioned = async function timedRead(...args) {
      const asked = performance.now();
      try {
        return await readVersioned.apply(this, args);
      } finally {
        readMs = performance.now() - asked;
      }
    };
    const stream = await client.streamMessage(prompt, { memory });
    let firstToken;
    for await (const event of stream) {
      if (firstToken === undefined && event.type === 'content') firstToken = performance.now();
    }
    // Resolves once the turn is stored (the loop's end starts the write).
    await stream.collect();
    return { firstTokenMs: firstToken - started, turnMs: performance.now() - started, readMs };
  };
}

/**
 * The floor's turn: the same tables, SQL a hand-written app would send — a prepared SELECT of the
 * history and the same one-statement append the store uses, without a version check — on a bare
 * pool, and the same request body aigo sends, read with a streaming TextDecoder and
 * eventsource-parser.
 */
export function floorTurner({ pool, dispatcher, url, tables }) {
  const read = {
    name: `load_floor_read_${tables.suffix}`,
    text: `SELECT body FROM ${tables.messages} WHERE conversation_id = $1 ORDER BY seq`,
    rowMode: 'array',
  };
  const append = {
    name: `load_floor_append_${tables.suffix}`,
    text: `WITH counter AS (
  INSERT INTO ${tables.conversations} AS c (conversation_id, last_seq, version) VALUES ($1, $2::bigint, txid_current())
  ON CONFLICT (conversation_id) DO UPDATE SET last_seq = c.last_seq + EXCLUDED.last_seq, version = EXCLUDED.version, updated_at = now()
  RETURNING c.last_seq
)
INSERT INTO ${tables.messages} (conversation_id, seq, role, format, escaped, body, turn_id)
SELECT $1, counter.last_seq - $2::bigint + m.ord, m.body->>'role', 1::smallint, false, m.body, NULL
FROM counter, jsonb_array_elements($3::jsonb) WITH ORDINALITY AS m(body, ord)`,
  };
  const headers = { 'content-type': 'application/json', authorization: 'Bearer load-bench' };
  return async function floorTurn(conversationId, prompt) {
    const started = performance.now();
    const { rows } = await pool.query({ ...read, values: [conversationId] });
    const readMs = performance.now() - started;
    const messages = rows.map((row) => row[0]);
    const user = { role: 'user', content: prompt };
    messages.push(user);
    const response = await request(url, {
      method: 'POST',
      dispatcher,
      headers,
      body: JSON.stringify({
        model: MODEL,
        messages,
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
    if (response.statusCode !== 200) throw new Error(`floor: HTTP ${response.statusCode}`);
    let firstToken;
    let text = '';
    const parser = createParser({
      onEvent(event) {
        if (event.data === '[DONE]') return;
        const delta = JSON.parse(event.data).choices[0]?.delta?.content;
        if (delta) {
          firstToken ??= performance.now();
          text += delta;
        }
      },
    });
    const decoder = new TextDecoder();
    for await (const part of response.body) parser.feed(decoder.decode(part, { stream: true }));
    const turn = JSON.stringify([user, { role: 'assistant', content: text }]);
    await pool.query({ ...append, values: [conversationId, 2, turn] });
    return { firstTokenMs: firstToken - started, turnMs: performance.now() - started, readMs };
  };
}
