#!/usr/bin/env node
/**
 * The aigo demo, `pnpm demo` at the repository root (or `node dist/main.js` here). An offline placeholder
 * for the demo agent: see `run-demo.ts`.
 *
 * @packageDocumentation
 */
import { runDemo } from './run-demo.js';

runDemo(process.stdout).catch((error: unknown) => {
  console.error('demo failed:', error);
  process.exitCode = 1;
});
