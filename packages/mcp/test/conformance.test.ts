import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { serveMcp } from '../src/index.js';
import { conformanceTools } from './support/test-tools.js';

// The official conformance suite (`@modelcontextprotocol/conformance`) needs Node 22 or newer. The
// package itself needs 22.12, so this only matters on a machine running the tests on an older Node
// by hand: there it is skipped, and says so; under CI it must run.
const nodeMajor = Number(process.versions.node.split('.')[0]);
const canRun = nodeMajor >= 22;
if (!canRun && process.env.CI) {
  throw new Error(
    `the MCP conformance suite needs Node 22 or newer; CI runs Node ${process.version}`,
  );
}
if (!canRun) {
  console.warn(
    `SKIPPED: the MCP conformance suite needs Node 22 or newer (this is ${process.version}); run the tests under Node 24`,
  );
}

const require = createRequire(import.meta.url);
const cli = require.resolve('@modelcontextprotocol/conformance/dist/index.js');
const baseline = fileURLToPath(new URL('./conformance-baseline.yml', import.meta.url));
const client = fileURLToPath(new URL('./support/conformance-client.mjs', import.meta.url));
const results = mkdtempSync(join(tmpdir(), 'aigo-mcp-conformance-'));
afterAll(() => rmSync(results, { recursive: true, force: true }));

function conformance(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: results });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The scenarios the summary lists as passed (`✓ name: n passed, 0 failed`). */
function passed(output: string): string[] {
  return [...output.matchAll(/^✓ ([\w-]+): \d+ passed, 0 failed$/gm)].map(
    (match) => match[1] ?? '',
  );
}

describe.skipIf(!canRun)('the official MCP conformance suite', () => {
  it('serveMcp over Streamable HTTP passes the server scenarios (the rest are listed in the baseline)', async () => {
    const server = await serveMcp(conformanceTools(), {
      name: 'aigo-conformance',
      version: '1.0.0',
      transport: { port: 0 },
    });
    try {
      const { code, output } = await conformance([
        'server',
        '--url',
        server.url as string,
        '--expected-failures',
        baseline,
      ]);
      expect(passed(output)).toEqual(
        expect.arrayContaining([
          'server-initialize',
          'ping',
          'logging-set-level',
          'tools-list',
          'tools-call-simple-text',
          'tools-call-image',
          'tools-call-audio',
          'tools-call-embedded-resource',
          'tools-call-mixed-content',
          'tools-call-with-logging',
          'tools-call-error',
          'tools-call-with-progress',
          'server-sse-multiple-streams',
          'dns-rebinding-protection',
        ]),
      );
      expect(code, output).toBe(0);
    } finally {
      await server.close();
    }
  }, 60_000);

  for (const scenario of ['initialize', 'tools_call', 'sse-retry']) {
    it(`mcpClient passes the client scenario ${scenario}`, async () => {
      const { code, output } = await conformance([
        'client',
        '--command',
        `${process.execPath} ${client}`,
        '--scenario',
        scenario,
      ]);
      expect(code, output).toBe(0);
      expect(output).toContain('OVERALL: PASSED');
    }, 60_000);
  }
});
