// What the approval tests send to a devtools server: its token, and decisions POSTed the way the
// page does (token header, the page's own Origin).
import { request as httpRequest } from 'node:http';
import type { DevtoolsObserver } from '../../src/index.js';

/** The server's access token (from its URL). */
export const tokenOf = (tools: DevtoolsObserver): string =>
  new URL(tools.url).searchParams.get('token') ?? '';

/** POSTs decisions for `runId` the way the page does; resolves to the status and the body. */
export function decide(
  tools: DevtoolsObserver,
  runId: string,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: tools.port,
        method: 'POST',
        path: `/api/runs/${runId}/decisions`,
        headers: {
          'content-type': 'application/json',
          'x-aigo-devtools-token': tokenOf(tools),
          origin: `http://127.0.0.1:${tools.port}`,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
