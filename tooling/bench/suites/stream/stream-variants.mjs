// The variants the streaming benchmark alternates. Each resolves to the number of content events
// (or frames) it saw, so a variant that silently does less work shows up as a wrong count.
import { createHttpClient, createSseDecoder, SSE_DONE } from '@aigo/http';
import { createParser } from 'eventsource-parser';
import { Agent, request } from 'undici';

/**
 * Reads a character of `text`, which makes V8 flatten it if it is still a rope (ChatStream appends
 * deltas with `+` and leaves the joining to the first read): the A and C variants pay for having the
 * whole answer as one string, as the floor pays for `parts.join('')`.
 */
function readWhole(text) {
  if (text.charCodeAt(text.length - 1) === -1) throw new Error('unreachable');
}

/**
 * (A) aigo: `@aigo/http` postSse → `ChatStream`, iterated with `for await`; the mapper enqueues one
 * content event per frame (minimal mode), or parses the chunk's JSON first (json mode). The mapper
 * counts the events and characters it enqueues; the loop reads them all and checks that every
 * character arrived (content deltas the loop had not read yet come joined, so it reads fewer, longer
 * events; `reads` keeps how many, for the report).
 */
export function aigoVariant(url, mode) {
  const http = createHttpClient({ provider: 'bench' });
  let count = 0;
  let sent = 0;
  const enqueue = (controller, text) => {
    count++;
    sent += text.length;
    controller.enqueue({ type: 'content', text });
  };
  const mapper =
    mode === 'json'
      ? (frame, controller) => {
          if (frame.data === SSE_DONE) return controller.close();
          const text = JSON.parse(frame.data).choices[0].delta.content;
          if (text) enqueue(controller, text);
        }
      : (frame, controller) => {
          if (frame.data === SSE_DONE) return controller.close();
          enqueue(controller, frame.data);
        };
  const variant = {
    name: mode === 'json' ? 'A (aigo, JSON mapper)' : 'A (aigo)',
    reads: 0,
    async run() {
      count = 0;
      sent = 0;
      const response = await http.postSse(url, { model: 'gpt-4o-mini', stream: true });
      const stream = response.toChatStream(mapper);
      let reads = 0;
      let length = 0;
      for await (const event of stream) {
        if (event.type === 'content') {
          reads++;
          length += event.text.length;
        }
      }
      if (length === 0 || length !== sent) {
        throw new Error(`${variant.name} read ${length} characters of the ${sent} sent`);
      }
      // The whole answer, as the floor joins it at the end.
      readWhole((await stream.collect()).content);
      variant.reads = reads;
      return count;
    },
    close: () => http.close(),
  };
  return variant;
}

/**
 * (C) aigo, consumed with `collect()` instead of `for await`: `@aigo/http` postSse → `ChatStream` →
 * `collect()`, which resolves to the whole response without handing each event to a consumer. The
 * mapper counts the content events it enqueues (A counts them in its loop), so a variant that silently
 * does less work still shows up as a wrong count.
 */
export function aigoCollectVariant(url, mode) {
  const http = createHttpClient({ provider: 'bench' });
  let count = 0;
  const mapper =
    mode === 'json'
      ? (frame, controller) => {
          if (frame.data === SSE_DONE) return controller.close();
          const text = JSON.parse(frame.data).choices[0].delta.content;
          if (text) {
            count++;
            controller.enqueue({ type: 'content', text });
          }
        }
      : (frame, controller) => {
          if (frame.data === SSE_DONE) return controller.close();
          count++;
          controller.enqueue({ type: 'content', text: frame.data });
        };
  return {
    name: mode === 'json' ? 'C (aigo collect(), JSON mapper)' : 'C (aigo collect())',
    async run() {
      count = 0;
      const response = await http.postSse(url, { model: 'gpt-4o-mini', stream: true });
      const collected = await response.toChatStream(mapper).collect();
      if (collected.content.length === 0) throw new Error('no content');
      readWhole(collected.content);
      return count;
    },
    close: () => http.close(),
  };
}

/**
 * (F) the floor: raw `undici.request` on its own keep-alive Agent, the body read through 'data'
 * events, decoded with a streaming TextDecoder and eventsource-parser; each frame is handed to the
 * consumer synchronously (no async step per event). `label` makes identical copies (F, F′) for the
 * floor-versus-floor control.
 */
export function floorVariant(url, mode, label) {
  const dispatcher = new Agent({ connect: { timeout: 10_000 } });
  const body = JSON.stringify({ model: 'gpt-4o-mini', stream: true });
  const headers = { 'content-type': 'application/json', accept: 'text/event-stream' };
  return {
    name: `${label} (undici + eventsource-parser${mode === 'json' ? ', JSON' : ''})`,
    async run() {
      const response = await request(url, { method: 'POST', headers, body, dispatcher });
      if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      return new Promise((resolve, reject) => {
        // The same job as A: every delta to the consumer, and the whole answer joined at the end
        // (what ChatStream's accumulator does for collect() and for the partial answer on errors).
        const parts = [];
        const parser = createParser({
          onEvent(event) {
            if (event.data === SSE_DONE) return;
            const text =
              mode === 'json' ? JSON.parse(event.data).choices[0].delta.content : event.data;
            if (text) parts.push(text);
          },
        });
        const decoder = new TextDecoder();
        response.body.on('data', (chunk) => parser.feed(decoder.decode(chunk, { stream: true })));
        response.body.on('end', () => {
          parser.feed(`${decoder.decode()}\n\n`);
          const answer = parts.join('');
          if (answer.length === 0) reject(new Error('no content'));
          else resolve(parts.length);
        });
        response.body.on('error', reject);
      });
    },
    close: () => dispatcher.close(),
  };
}

/**
 * (H) diagnostic: @aigo/http's decoder alone — raw undici body → `createSseDecoder` → a synchronous
 * callback, no ChatStream. Against F it shows what the decoding layer costs; against A, what the
 * ChatStream (queue, accumulator, one `for await` step per event) costs.
 */
export function decoderOnlyVariant(url, mode) {
  const dispatcher = new Agent({ connect: { timeout: 10_000 } });
  const body = JSON.stringify({ model: 'gpt-4o-mini', stream: true });
  const headers = { 'content-type': 'application/json', accept: 'text/event-stream' };
  return {
    name: `H (undici + @aigo/http decoder, no ChatStream${mode === 'json' ? ', JSON' : ''})`,
    async run() {
      const response = await request(url, { method: 'POST', headers, body, dispatcher });
      if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      return new Promise((resolve, reject) => {
        const parts = [];
        const decoder = createSseDecoder((frame) => {
          if (frame.data === SSE_DONE) return;
          const text =
            mode === 'json' ? JSON.parse(frame.data).choices[0].delta.content : frame.data;
          if (text) parts.push(text);
        });
        response.body.on('data', (chunk) => decoder.push(chunk));
        response.body.on('end', () => {
          decoder.end();
          const answer = parts.join('');
          if (answer.length === 0) reject(new Error('no content'));
          else resolve(parts.length);
        });
        response.body.on('error', reject);
      });
    },
    close: () => dispatcher.close(),
  };
}

/**
 * (I) diagnostic: the floor behind a simple hand-written async iterator — undici +
 * eventsource-parser pushing `{ type: 'content', text }` objects into an array queue, a `for await`
 * consumer, the answer joined at the end. Against F it is the price of any `AsyncIterable` API (one
 * promise and one `await` per event); against A, what ChatStream adds beyond that (accumulator,
 * single-consumer and cancellation bookkeeping, backpressure).
 */
export function iteratorFloorVariant(url, mode) {
  const dispatcher = new Agent({ connect: { timeout: 10_000 } });
  const body = JSON.stringify({ model: 'gpt-4o-mini', stream: true });
  const headers = { 'content-type': 'application/json', accept: 'text/event-stream' };
  return {
    name: `I (undici + eventsource-parser + simple async iterator${mode === 'json' ? ', JSON' : ''})`,
    async run() {
      const response = await request(url, { method: 'POST', headers, body, dispatcher });
      if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      const queue = [];
      let head = 0;
      let done = false;
      let failure;
      let waiter;
      const wake = () => {
        const resolve = waiter;
        waiter = undefined;
        resolve?.();
      };
      const parser = createParser({
        onEvent(event) {
          if (event.data === SSE_DONE) return;
          const text =
            mode === 'json' ? JSON.parse(event.data).choices[0].delta.content : event.data;
          if (text) queue.push({ type: 'content', text });
        },
      });
      const decoder = new TextDecoder();
      response.body.on('data', (chunk) => {
        parser.feed(decoder.decode(chunk, { stream: true }));
        wake();
      });
      response.body.on('end', () => {
        parser.feed(`${decoder.decode()}\n\n`);
        done = true;
        wake();
      });
      response.body.on('error', (error) => {
        failure = error;
        wake();
      });
      const iterable = {
        [Symbol.asyncIterator]: () => ({
          next() {
            if (head < queue.length) return Promise.resolve({ done: false, value: queue[head++] });
            if (failure) return Promise.reject(failure);
            if (done) return Promise.resolve({ done: true, value: undefined });
            return new Promise((resolve) => {
              waiter = resolve;
            }).then(() => this.next());
          },
        }),
      };
      const parts = [];
      for await (const event of iterable) parts.push(event.text);
      if (parts.join('').length === 0) throw new Error('no content');
      return parts.length;
    },
    close: () => dispatcher.close(),
  };
}
