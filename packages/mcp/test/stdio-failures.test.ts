import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseToolErrorEnvelope, ValidationError } from '@aigo/ai';
import { afterAll, describe, expect, it } from 'vitest';
import { McpServerError, mcpClient } from '../src/index.js';
import { isRunning } from './support/test-servers.js';

const script = fileURLToPath(new URL('./support/stdio-test-server.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'aigo-mcp-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function server(mode: string, pidFile?: string) {
  return {
    command: process.execPath,
    args: pidFile === undefined ? [script, mode] : [script, mode, pidFile],
    name: `test-${mode}`,
  };
}

async function startupFailure(promise: Promise<unknown>): Promise<McpServerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(McpServerError.isInstance(error), String(error)).toBe(true);
  return error as McpServerError;
}

describe('mcpClient failures over stdio', () => {
  it('a server that exits at start-up: connection_error naming it, with its stderr, secrets redacted', async () => {
    const error = await startupFailure(mcpClient(server('exit')));
    expect(error.code).toBe('connection_error');
    expect(error.server).toBe('test-exit');
    expect(error.message).toContain('MCP server "test-exit"');
    expect(error.message).toContain('exited during start-up');
    expect(error.message).toContain('missing configuration');
    expect(error.message).not.toContain('sk-secret-123456789012345678901234');
  });

  it('a server that hangs at start-up: timeout, and the child is ended', async () => {
    const pidFile = join(scratch, 'hang.pid');
    const error = await startupFailure(
      mcpClient({ ...server('hang', pidFile), startupTimeoutMs: 1_500 }),
    );
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('did not finish starting within 1500 ms');
    if (existsSync(pidFile)) expect(isRunning(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  it('a server that sends garbage: invalid_response saying what it sent, and the child is ended', async () => {
    const pidFile = join(scratch, 'garbage.pid');
    const error = await startupFailure(
      // Long enough for the garbage to arrive first even on a loaded machine.
      mcpClient({ ...server('garbage', pidFile), startupTimeoutMs: 4_000 }),
    );
    expect(error.code).toBe('invalid_response');
    expect(error.message).toContain('not MCP');
    expect(isRunning(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  it('a command that does not exist: connection_error', async () => {
    const error = await startupFailure(
      mcpClient({ command: join(scratch, 'no-such-server'), name: 'missing' }),
    );
    expect(error.code).toBe('connection_error');
    expect(error.message).toContain('could not be started');
  });

  it('a tool list with an invalid schema: invalid_response naming the server, child ended', async () => {
    const pidFile = join(scratch, 'bad-schema.pid');
    const error = await startupFailure(mcpClient(server('bad-schema', pidFile)));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toContain(
      'MCP server "test-bad-schema": sent a tool list aigo cannot use',
    );
    expect(isRunning(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  it('a server that dies mid-call: an envelope naming it; later calls say it is not running', async () => {
    const client = await mcpClient(server('serve'));
    const tools = await client.tools();
    const crash = tools.find((tool) => tool.name === 'crash');
    const echo = tools.find((tool) => tool.name === 'echo');
    const envelope = parseToolErrorEnvelope((await crash?.call('{}')) ?? '');
    expect(envelope?.error.code).toBe('tool_execution_failed');
    expect(envelope?.error.message).toContain('MCP server "test-serve"');
    expect(envelope?.error.message).toContain('exited during the call of crash');
    const after = parseToolErrorEnvelope((await echo?.call('{"text":"hi"}')) ?? '');
    expect(after?.error.message).toContain('is not running any more');
    await expect(client.ping()).rejects.toMatchObject({ code: 'connection_error' });
    await client.close();
  });

  it('reconnect: a dead server is started again at the next call', async () => {
    const client = await mcpClient({ ...server('serve'), reconnect: true });
    const firstPid = client.pid;
    const [, crash, pid] = await client.tools();
    expect(parseToolErrorEnvelope((await crash?.call('{}')) ?? '')).toBeDefined();
    const newPid = Number(await pid?.call('{}'));
    expect(newPid).toBeGreaterThan(0);
    expect(newPid).not.toBe(firstPid);
    expect(client.pid).toBe(newPid);
    await client.close();
    expect(isRunning(newPid)).toBe(false);
  });

  it('bad options: ValidationError naming the option', async () => {
    await expect(mcpClient({} as never)).rejects.toThrow(ValidationError);
    await expect(mcpClient({ command: '' })).rejects.toMatchObject({ argument: 'options.command' });
    await expect(mcpClient({ url: 'ftp://x' })).rejects.toMatchObject({ argument: 'options.url' });
    await expect(
      mcpClient({ command: 'x', url: 'http://127.0.0.1:1/mcp' } as never),
    ).rejects.toMatchObject({ argument: 'options' });
    await expect(mcpClient({ command: 'x', prefix: 'a b' })).rejects.toMatchObject({
      argument: 'options.prefix',
    });
    await expect(mcpClient({ command: 'x', timeoutMs: -1 })).rejects.toMatchObject({
      argument: 'options.timeoutMs',
    });
  });
});
