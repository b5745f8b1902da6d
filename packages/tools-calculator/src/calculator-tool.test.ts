import { parseToolErrorEnvelope, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { CALCULATOR_METRICS, calculatorTool } from './calculator-tool.js';

const calculator = calculatorTool();

describe('calculatorTool', () => {
  it('refuses an option it does not take, suggesting the close one', () => {
    expect(() => calculatorTool({ nmae: 'Calc' } as never)).toThrow(
      'Invalid options.nmae: is not an option of calculatorTool() — did you mean name?',
    );
  });

  it('describes itself to the model', () => {
    expect(calculator.name).toBe('Calculator');
    expect(calculator.description.parameters).toMatchObject({
      type: 'object',
      required: ['operation', 'a', 'b'],
      properties: { operation: { anyOf: expect.any(Array) }, a: { type: 'number' } },
    });
    expect(calculator.metrics).toEqual(CALCULATOR_METRICS);
    expect(calculator.description.metrics).toEqual({
      amount: 0,
      currency: 'USD',
      costDescription: 'local computation',
      accuracy: 1,
      averageDurationInMillis: 2,
    });
    expect(calculatorTool({ name: 'calc' }).name).toBe('calc');
  });

  it.each([
    ['add', 2, 3, 5, '2 + 3 = 5'],
    ['subtract', 2, 3, -1, '2 - 3 = -1'],
    ['multiply', 1.5, 4, 6, '1.5 * 4 = 6'],
    ['divide', 6, 4, 1.5, '6 / 4 = 1.5'],
    ['divide', -1, 3, -1 / 3, `-1 / 3 = ${-1 / 3}`],
    ['multiply', -0, 5, 0, '0 * 5 = 0'],
  ] as const)('%s %d and %d', async (operation, a, b, result, expression) => {
    const output = await calculator.call(JSON.stringify({ operation, a, b }));
    expect(JSON.parse(output)).toEqual({ result, expression });
  });

  it.each([
    [{ operation: 'divide', a: 1, b: 0 }, 'tool_error', 'Cannot divide 1 by zero'],
    [{ operation: 'divide', a: 0, b: 0 }, 'tool_error', 'Cannot divide 0 by zero'],
    [{ operation: 'multiply', a: 1e308, b: 10 }, 'tool_error', 'overflows'],
    [{ operation: 'add', a: -1.7e308, b: -1.7e308 }, 'tool_error', 'overflows'],
    [{ operation: 'power', a: 2, b: 3 }, 'invalid_arguments', '/operation'],
    [{ operation: 'add', a: '2', b: 3 }, 'invalid_arguments', '/a'],
    [{ operation: 'add', a: 2 }, 'invalid_arguments', 'b'],
    [{ operation: 'add', a: 2, b: 3, c: 4 }, 'invalid_arguments', 'c'],
  ])('returns an error envelope for %j', async (input, code, message) => {
    const envelope = parseToolErrorEnvelope(await calculator.call(JSON.stringify(input)));
    expect(envelope?.error.code).toBe(code);
    expect(envelope?.error.message).toContain(message);
  });

  it('refuses non-finite operands, which only execute() can pass', async () => {
    for (const [a, b] of [
      [Number.NaN, 1],
      [1, Number.POSITIVE_INFINITY],
      [Number.NEGATIVE_INFINITY, 1],
    ] as const) {
      await expect(calculator.execute({ operation: 'add', a, b })).rejects.toThrow(
        'must be finite numbers',
      );
    }
  });

  it('never puts NaN or Infinity in its output (JSON cannot carry them)', async () => {
    const envelope = parseToolErrorEnvelope(
      await calculator.call('{"operation":"add","a":1e309,"b":1}'),
    );
    // JSON.parse turns 1e309 into Infinity, which the schema refuses: an envelope, not a number.
    expect(envelope?.error.code).toBe('invalid_arguments');
    expect(envelope?.error.message).toContain('/a');
  });

  it('reports invalid JSON to the model', async () => {
    const envelope = parseToolErrorEnvelope(await calculator.call('{"operation":'));
    expect(envelope?.error.code).toBe('invalid_json');
  });

  it('validates its options', () => {
    expect(() => calculatorTool(null as never)).toThrow(ValidationError);
    expect(() => calculatorTool({ name: 'bad name' })).toThrow(ValidationError);
  });
});
