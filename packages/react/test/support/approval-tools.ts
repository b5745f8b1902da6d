import { defineTool } from '@aigo/ai';
import { Type } from 'typebox';

/**
 * A tool that records every call it runs (`calls`), for asserting what ran after a resume.
 * `sendMoney` declares nothing; `deleteFile` declares `needsApproval: true`.
 */
export function approvalTools() {
  const calls: { tool: string; input: unknown }[] = [];
  const sendMoney = defineTool({
    name: 'send_money',
    description: 'Sends money to an account',
    input: Type.Object({
      to: Type.String(),
      amount: Type.Number({ minimum: 0 }),
      pin: Type.Optional(Type.String()),
    }),
    metrics: { amount: 0.5, currency: 'USD' },
    execute: (input) => {
      calls.push({ tool: 'send_money', input });
      return { sent: input.amount, to: input.to };
    },
  });
  const deleteFile = defineTool({
    name: 'delete_file',
    description: 'Deletes a file',
    input: Type.Object({ path: Type.String() }),
    needsApproval: true,
    execute: (input) => {
      calls.push({ tool: 'delete_file', input });
      return { deleted: input.path };
    },
  });
  const lookup = defineTool({
    name: 'lookup',
    description: 'Looks a word up',
    input: Type.Object({ word: Type.String() }),
    needsApproval: ({ word }) => word === 'secret',
    execute: (input) => {
      calls.push({ tool: 'lookup', input });
      return { meaning: `meaning of ${input.word}` };
    },
  });
  return { calls, sendMoney, deleteFile, lookup, tools: [sendMoney, deleteFile, lookup] };
}
