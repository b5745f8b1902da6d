// The Gemini benchmark's SSE server, in a child process of its own so serving does not share an
// event loop with the code being measured. Every POST gets the same long `streamGenerateContent?alt=sse`
// body: EVENTS chunks shaped like Gemini's (one text part each, usage on every chunk, CRLF framing as
// Google sends it — see packages/testing/fixtures/gemini/stream-text-long.sse), the last with
// finishReason STOP. The port, the body's size and the answer's length in UTF-16 code units (what the
// clients must read) go to the parent over IPC.
import { serveStreamBody } from '../../shared/serve-stream-body.mjs';

const events = Number(process.argv[2] ?? 5000);

function buildStream(count) {
  const words = ['The', ' capital', ' of', ' the', ' UK', ' is', ' London', '.', ' Ünïcödé', ' 🚀'];
  const parts = [];
  let chars = 0;
  for (let i = 0; i < count; i++) {
    chars += words[i % words.length].length;
    const last = i === count - 1;
    const chunk = {
      candidates: [
        {
          content: { parts: [{ text: words[i % words.length] }], role: 'model' },
          ...(last ? { finishReason: 'STOP' } : {}),
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: 10,
        candidatesTokenCount: i + 1,
        totalTokenCount: 11 + i,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: 10 }],
      },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'bench0000000000000000000',
    };
    parts.push(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  }
  return { body: Buffer.from(parts.join(''), 'utf8'), chars };
}

const { body, chars } = buildStream(events);
serveStreamBody(body, { events, chars });
