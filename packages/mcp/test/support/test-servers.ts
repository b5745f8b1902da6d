import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The entry script of an installed MCP server package (its `bin`). */
function serverScript(pkg: string): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), 'dist', 'index.js');
}

/** `@modelcontextprotocol/server-everything` over stdio, run by this Node directly (no npx, no shell). */
export function everythingServer(): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [serverScript('@modelcontextprotocol/server-everything'), 'stdio'],
  };
}

/** `@modelcontextprotocol/server-filesystem` over stdio, allowed into `directory`. */
export function filesystemServer(directory: string): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [serverScript('@modelcontextprotocol/server-filesystem'), directory],
  };
}

/** True while a process with this pid exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
