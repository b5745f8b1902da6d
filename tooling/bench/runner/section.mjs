// One section of `pnpm bench` in a fresh process (so no section inherits another's JIT state, heap or
// sockets): `node --expose-gc runner/section.mjs <name> <options JSON>`. Progress goes to stderr, the
// section module's own printout to stdout (the runner keeps both in its log), and the result to the
// runner over IPC as `{ result }`.
import { SECTIONS } from './sections.mjs';

const [name, optionsJson = '{}'] = process.argv.slice(2);
const section = SECTIONS.find((candidate) => candidate.name === name);
if (section === undefined) throw new Error(`unknown section ${name}`);
const options = JSON.parse(optionsJson);
const log = (line) => process.stderr.write(`${line}\n`);

const result = await section.run({ ...options, log });
if (result === undefined) throw new Error(`section ${name} produced no result`);
// Exit code 0 whatever a module set in process.exitCode (an over-target figure is a result, not a
// broken run); the runner reads the verdicts from the result.
process.send({ result }, () => process.exit(0));
