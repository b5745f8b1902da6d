// Signing a Bedrock request with @aigo/http/aws (`awsRequestSigner`: the AWS SDK's SignatureV4 over
// the exact body), and how often a credentials provider is asked (not a test).
//
//   node tooling/bench/suites/cloud/sigv4-bench.mjs      (after `pnpm build`)
//
// One ConverseStream request (a 1 KB body, the headers the client sends) signed N times in a row
// with fixed credentials and with a counting credentials provider; the figure is the median over
// rounds of wall time per signature. Target: under 100 µs a signature. The provider count shows the
// signer asks its provider once per request, so caching belongs to the provider — the SDK's chain
// (`awsCredentialChain`) fetches once per expiry (checked by @aigo/http's tests).
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDirectory } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';

export const TARGETS = Object.freeze({ microsecondsPerSignature: 100 });

const CREDENTIALS = Object.freeze({
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
});

function converseRequest() {
  const url =
    'https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream';
  const body = JSON.stringify({
    messages: [{ role: 'user', content: [{ text: 'x'.repeat(900) }] }],
    inferenceConfig: { maxTokens: 512 },
  });
  const parsed = new URL(url);
  return {
    method: 'POST',
    url,
    origin: parsed.origin,
    path: parsed.pathname,
    headers: { 'content-type': 'application/json', accept: 'application/vnd.amazon.eventstream' },
    body,
    signal: undefined,
  };
}

async function timePerSignature(sign, request, count) {
  const start = performance.now();
  for (let index = 0; index < count; index++) await sign(request);
  return ((performance.now() - start) * 1000) / count;
}

export async function runSigV4Bench({ rounds = 7, count = 2000 } = {}) {
  const aws = await import(new URL('dist/aws/index.js', packageDirectory('http')).href);
  const request = converseRequest();
  let asked = 0;
  const fixed = aws.awsRequestSigner({
    region: 'us-east-1',
    service: 'bedrock',
    credentials: CREDENTIALS,
  });
  const counted = aws.awsRequestSigner({
    region: 'us-east-1',
    service: 'bedrock',
    credentials: async () => {
      asked++;
      return CREDENTIALS;
    },
  });
  await fixed(request); // loads the signer once
  await counted(request);
  asked = 0;
  const fixedTimes = [];
  const providerTimes = [];
  for (let round = 0; round < rounds; round++) {
    fixedTimes.push(await timePerSignature(fixed, request, count));
    providerTimes.push(await timePerSignature(counted, request, count));
  }
  const microseconds = median(fixedTimes);
  return {
    microsecondsPerSignature: Math.round(microseconds * 10) / 10,
    microsecondsPerSignatureWithProvider: Math.round(median(providerTimes) * 10) / 10,
    providerCallsPerSignature: asked / (rounds * count),
    target: TARGETS.microsecondsPerSignature,
    ok: microseconds < TARGETS.microsecondsPerSignature,
  };
}

export async function main() {
  if (!packagesBuilt('cloud', ['ai', 'http'])) return undefined;
  const result = await runSigV4Bench();
  process.stdout.write(
    `\nSigV4 signing of a 1 KB Converse request: ${result.microsecondsPerSignature} µs a signature ` +
      `(${result.microsecondsPerSignatureWithProvider} µs with a credentials provider, asked ` +
      `${result.providerCallsPerSignature}× per signature); target < ${result.target} µs.\n` +
      `Node ${process.version}, ${cpus().length} CPUs.\n`,
  );
  writeResult('cloud', result);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
