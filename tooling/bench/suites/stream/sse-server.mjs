// The benchmark's SSE server, run in a child process of its own so that serving does not share an
// event loop with the code being measured. It answers every POST with the same OpenAI-Chat-shaped
// stream of EVENTS events (plus `data: [DONE]`) and tells its parent the port over IPC.
import { serveStreamBody } from '../../shared/serve-stream-body.mjs';

const events = Number(process.argv[2] ?? 5000);

/** One chat.completion.chunk per event, shaped like OpenAI's (see packages/testing/fixtures). */
function buildStream(count) {
  const parts = [];
  const words = ['The', ' capital', ' of', ' the', ' UK', ' is', ' London', '.', ' Ünïcödé', ' 🚀'];
  for (let i = 0; i < count; i++) {
    const chunk = {
      id: 'chatcmpl-bench0000000000000000000000',
      object: 'chat.completion.chunk',
      created: 1782955818,
      model: 'gpt-4o-mini-2024-07-18',
      system_fingerprint: 'fp_d0469e1700',
      choices: [
        {
          index: 0,
          delta: { content: words[i % words.length] },
          logprobs: null,
          finish_reason: null,
        },
      ],
      usage: null,
    };
    parts.push(`data: ${JSON.stringify(chunk)}\n\n`);
  }
  parts.push('data: [DONE]\n\n');
  return Buffer.from(parts.join(''), 'utf8');
}

serveStreamBody(buildStream(events), { events });
