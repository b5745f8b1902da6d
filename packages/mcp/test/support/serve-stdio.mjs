// Serves two aigo tools over stdio with serveMcp (the built package), as Claude Desktop or Cursor
// would start it: `node serve-stdio.mjs`.
import { defineTool } from '@aigo/ai';
import { Type } from 'typebox';
import { serveMcp } from '../../dist/index.js';

const shout = defineTool({
  name: 'shout',
  description: 'Upper-cases text',
  input: Type.Object({ text: Type.String() }),
  execute: ({ text }) => text.toUpperCase(),
});
const whoami = defineTool({
  name: 'whoami',
  description: 'The server process id',
  execute: () => ({ pid: process.pid }),
});
await serveMcp([shout, whoami], { name: 'stdio-served', version: '0.1.0', transport: 'stdio' });
