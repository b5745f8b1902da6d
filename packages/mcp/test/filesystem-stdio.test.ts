import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseToolErrorEnvelope, type Tool } from '@aigo/ai';
import { afterAll, describe, expect, it } from 'vitest';
import { mcpClient, mcpTools } from '../src/index.js';
import { filesystemServer, isRunning } from './support/test-servers.js';

const directory = realpathSync(mkdtempSync(join(tmpdir(), 'aigo-mcp-fs-')));
writeFileSync(join(directory, 'notes.txt'), 'MCP from aigo\n');
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function find(tools: readonly Tool[], name: string): Tool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no tool ${name} in ${tools.map((t) => t.name)}`);
  return tool;
}

describe('mcpTools over stdio, against @modelcontextprotocol/server-filesystem', () => {
  it('reads and lists files through prefixed, filtered tools; refuses paths outside', async () => {
    const files = await mcpTools({
      ...filesystemServer(directory),
      prefix: 'fs',
      include: ['read_text_file', 'list_directory'],
    });
    try {
      expect(files.tools.map((tool) => tool.name)).toEqual([
        'fs_read_text_file',
        'fs_list_directory',
      ]);
      const read = find(files.tools, 'fs_read_text_file');
      expect(await read.call(JSON.stringify({ path: join(directory, 'notes.txt') }))).toBe(
        'MCP from aigo\n',
      );
      expect(
        await find(files.tools, 'fs_list_directory').call(JSON.stringify({ path: directory })),
      ).toBe('[FILE] notes.txt');
      const outside = parseToolErrorEnvelope(await read.call('{"path":"/etc/hostname"}'));
      expect(outside?.error.code).toBe('tool_execution_failed');
      expect(outside?.error.message).toMatch(/outside allowed directories/i);
    } finally {
      const pid = files.client.pid;
      await files.close();
      expect(isRunning(pid as number)).toBe(false);
    }
  });

  it('offers roots: the server works in the directory the client names', async () => {
    await using client = await mcpClient({
      ...filesystemServer(tmpdir()),
      roots: [{ uri: pathToFileURL(directory).href, name: 'scratch' }],
      include: ['list_allowed_directories'],
    });
    const list = find(await client.tools(), 'list_allowed_directories');
    // The server asks for the roots after initialisation; a call made once it has them shows them.
    let output = await list.call('{}');
    for (let attempt = 0; !output.includes(directory) && attempt < 20; attempt += 1) {
      await client.ping();
      output = await list.call('{}');
    }
    expect(output).toContain(directory);
  });
});
