/**
 * Streaming: print the answer as the model writes it, and stop paying for it the moment you stop
 * reading.
 *
 * `client.streamMessage(prompt)` resolves to a `ChatStream`: an async iterable of events — `start`,
 * `reasoning`, `content`, `tool_call_delta`, `metadata`, `usage`, and `finish` (always last). After
 * the loop, `collect()` gives the whole `ChatResponse`, the same one `sendMessage` would have given.
 * Breaking out of the loop (or aborting the `signal`) cancels the HTTP request at once.
 *
 * Run: `node dist/streaming.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { pickModel, printHeader } from './shared/pick-model.js';

const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    .text(
      'Once upon a time, a small robot learned to speak one word at a time, and everyone listened.',
      {
        reasoning: 'A one-sentence story: keep it short and gentle.',
      },
    )
    .text(
      'This second story is much longer, and nobody will read it to the end, because the reader ' +
        'stops after eight words and the rest is never sent.',
    ),
);
printHeader('Streaming', { label });
const client = createClient(provider, { defaultModel: model });

// 1. Read a whole stream, event by event.
const stream = await client.streamMessage('Tell me a one-sentence story.');
let deltas = 0;
let thoughts = 0;
for await (const event of stream) {
  switch (event.type) {
    case 'reasoning': // the model's thoughts, where the provider streams them
      if (thoughts++ === 0) process.stdout.write('[thinking] ');
      process.stdout.write(event.text);
      break;
    case 'content':
      if (deltas++ === 0) process.stdout.write('\n[answer] ');
      process.stdout.write(event.text);
      break;
    case 'usage':
      process.stdout.write(`\n[usage] ${event.usage.totalTokens} tokens`);
      break;
    case 'finish':
      process.stdout.write(`\n[finish] ${event.finishReason}\n`);
      break;
  }
}
const response = await stream.collect(); // after the loop: the whole response
console.log(
  `${deltas} content deltas; collect() → ${response.content.length} characters, id ${response.id}`,
);

// 2. Stop early: breaking out of the loop cancels the request; nothing more is read or billed.
const long = await client.streamMessage('Tell me a long story.');
const words: string[] = [];
for await (const event of long) {
  if (event.type !== 'content') continue;
  words.push(event.text);
  if (words.length === 8) break;
}
console.log(`\nstopped after ${words.length} deltas: "${words.join('').trim()}…"`);
await provider.close?.();
