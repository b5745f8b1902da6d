#!/usr/bin/env node
/**
 * `aigo-eval` — runs eval files, compares them with a baseline and gates CI on the result (exit 0
 * when every gate passes, 1 when one fails, 2 on an error). `aigo-eval --help` says how.
 *
 * @packageDocumentation
 */
import { cliMain } from './cli/cli-main.js';

cliMain(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
}).then((status) => {
  process.exitCode = status;
});
