#!/usr/bin/env node
/**
 * The aigo demo: `pnpm demo` at the repository root, or `node dist/main.js [flags]` here. See
 * `cli.ts` for the flags and `run-demo.ts` for the agent.
 *
 * @packageDocumentation
 */
import { runCli } from './cli.js';
import type { DemoRenderer } from './demo-events.js';

const controller = new AbortController();
let renderer: DemoRenderer | undefined;

// Ctrl-C once stops the run (the model request and the tools are cancelled, the cost so far is
// printed); twice exits at once. Either way the terminal's status row is given back.
process.on('SIGINT', () => {
  if (controller.signal.aborted) {
    renderer?.close();
    process.exit(130);
  }
  controller.abort(new Error('interrupted (Ctrl-C)'));
});
process.once('exit', () => renderer?.close());

runCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  signal: controller.signal,
  onRenderer: (created) => {
    renderer = created;
  },
}).then(
  (code) => {
    process.exitCode = controller.signal.aborted ? 130 : code;
  },
  (error: unknown) => {
    renderer?.close();
    console.error('aigo-demo failed:', error);
    process.exitCode = 1;
  },
);
