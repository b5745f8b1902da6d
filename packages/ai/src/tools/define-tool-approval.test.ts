import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { defineTool } from './define-tool.js';

const tool = (needsApproval?: unknown) =>
  defineTool({
    name: 'pay',
    description: 'Pays',
    input: Type.Object({ amount: Type.Number({ minimum: 0 }) }),
    ...(needsApproval === undefined ? {} : { needsApproval: needsApproval as never }),
    execute: ({ amount }) => amount,
  });

describe('defineTool: needsApproval and parseArguments', () => {
  it('keeps needsApproval as given and refuses what is neither a boolean nor a function', () => {
    expect(tool().needsApproval).toBeUndefined();
    expect(tool(true).needsApproval).toBe(true);
    const predicate = ({ amount }: { amount: number }) => amount > 100;
    expect(tool(predicate).needsApproval).toBe(predicate);
    expect(() => tool('yes')).toThrow(expect.objectContaining({ argument: 'needsApproval' }));
  });

  it('parseArguments validates against the schema without running the tool', async () => {
    const pay = tool();
    expect(await pay.parseArguments('{"amount":5}')).toEqual({ ok: true, value: { amount: 5 } });
    expect(await pay.parseArguments('')).toMatchObject({ ok: false, code: 'invalid_arguments' });
    expect(await pay.parseArguments('{"amount":-1}')).toMatchObject({
      ok: false,
      code: 'invalid_arguments',
      message: expect.stringContaining('/amount'),
    });
    expect(await pay.parseArguments('{oops')).toMatchObject({ ok: false, code: 'invalid_json' });
    // call() still refuses the same way.
    expect(await pay.call('{"amount":-1}')).toContain('"code":"invalid_arguments"');
  });
});
