/**
 * Keep answering when OpenAI is down: `fallback` sends each call to the first healthy entry and
 * moves on when one is rate-limited, overloaded or unreachable; `createRegistry` names the models.
 *
 * Here OpenAI is "down" for real: `openai()` talks to a local stand-in that answers every request
 * with 503 Service Unavailable. The backup is Anthropic's Claude Haiku — `anthropic()` when
 * ANTHROPIC_API_KEY is set, else a scripted stand-in. Four questions: the first three try OpenAI,
 * fail, and are answered by the backup; by then OpenAI failed three times in a row, so its circuit
 * is open and the fourth goes straight to the backup (after 30 s, one call would try OpenAI again).
 * The overview says which entry answered each call, at whose price.
 *
 * Run: `node dist/fallback.js`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamProvider } from '@aigo/ai';
import { anthropic } from '@aigo/anthropic';
import { createClient, createRegistry, fallback } from '@aigo/client';
import { openai } from '@aigo/openai';
import { createFakeProvider } from '@aigo/testing';

// A stand-in for an OpenAI outage: every request gets 503.
let openaiRequests = 0;
const outage = createServer((request, response) => {
  openaiRequests++;
  request.resume();
  response.writeHead(503, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({ error: { message: 'The server is overloaded', type: 'server_error' } }),
  );
});
await new Promise<void>((resolve) => outage.listen(0, '127.0.0.1', resolve));
const { port } = outage.address() as AddressInfo;

const online = Boolean(process.env.ANTHROPIC_API_KEY);
const backup: StreamProvider = online
  ? anthropic()
  : createFakeProvider({ id: 'anthropic' }).onRequest((request) => ({
      content: `(Claude) ${String(request.messages.at(-1)?.content)} — still answering.`,
      usage: { promptTokens: 20, completionTokens: 10, totalTokens: 30 },
    }));

console.log('== Keep answering when OpenAI is down');
console.log(`   OpenAI: a local stand-in answering 503 at http://127.0.0.1:${port}`);
console.log(
  `   backup: ${online ? 'Anthropic claude-haiku-4-5 (ANTHROPIC_API_KEY is set)' : 'OFFLINE, a scripted stand-in for Claude'}`,
);
console.log();

const registry = createRegistry({
  providers: {
    openai: openai({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-offline' }),
    anthropic: backup,
  },
  aliases: { primary: 'openai:gpt-4o-mini', backup: 'anthropic:claude-haiku-4-5' },
});
const client = createClient(fallback(['primary', 'backup'], { registry }), {
  // Retries run per entry; none here, so the outage costs no waiting.
  maxRetries: 0,
  // The backup's price (Claude Haiku 4.5's list price, per million tokens).
  modelCost: { 'claude-haiku-4-5': { inputCostPerMillion: 1, outputCostPerMillion: 5 } },
});
const overview = client.createOverview();

for (const question of ['Hello?', 'Are you there?', 'Still?', 'And now?']) {
  const answer = await client.sendMessage(question, { overview });
  const call = overview.callAttempts.at(-1);
  const failed = call?.failures.map(
    (failure) => `${failure.entry} ${failure.code} ${failure.status}`,
  );
  console.log(`${question} → ${answer.content}`);
  console.log(
    `  answered by ${call?.answeredBy}; failed first: ${failed?.join(', ') || 'nothing (OpenAI skipped)'}`,
  );
}
console.log();
console.log(`OpenAI was tried ${openaiRequests} times, then its circuit opened.`);
for (const [model, row] of Object.entries(overview.costSummary().byModel)) {
  console.log(`${model}: ${row.requests} calls, $${row.totalCost.toFixed(6)}`);
}

await registry.close();
await new Promise<void>((resolve) => outage.close(() => resolve()));
