import {
  checkOptionKeys,
  type DefinedTool,
  defineTool,
  ToolError,
  type ToolMetrics,
  ValidationError,
} from '@aigo/ai';
import { type Static, Type } from 'typebox';

/** The calculator's input schema: one operation on two numbers. */
export const CalculatorInput = Type.Object(
  {
    operation: Type.Union(
      [
        Type.Literal('add'),
        Type.Literal('subtract'),
        Type.Literal('multiply'),
        Type.Literal('divide'),
      ],
      { description: 'add, subtract, multiply or divide' },
    ),
    a: Type.Number({ description: 'The left operand (any finite number, decimals allowed)' }),
    b: Type.Number({ description: 'The right operand (any finite number; not 0 when dividing)' }),
  },
  { additionalProperties: false },
);

/** The calculator's output schema. */
export const CalculatorOutput = Type.Object({
  result: Type.Number({ description: 'The finite result' }),
  expression: Type.String({ description: 'The calculation as text, e.g. "6 / 4 = 1.5"' }),
});

/** The calculator's input. */
export type CalculatorInput = Static<typeof CalculatorInput>;
/** The calculator's output. */
export type CalculatorOutput = Static<typeof CalculatorOutput>;

/** What a call costs: nothing, it is local (the Go tool's figures). */
export const CALCULATOR_METRICS: ToolMetrics = Object.freeze({
  amount: 0,
  currency: 'USD',
  costDescription: 'local computation',
  accuracy: 1,
  averageDurationInMillis: 2,
});

/** Options of {@link calculatorTool}. */
export interface CalculatorToolOptions {
  /** The tool's name as the model sees it. Default `Calculator`. */
  readonly name?: string;
}

/** The calculator tool made by {@link calculatorTool}. */
export type CalculatorTool = DefinedTool<typeof CalculatorInput, typeof CalculatorOutput, unknown>;

const SYMBOLS = { add: '+', subtract: '-', multiply: '*', divide: '/' } as const;

/**
 * A tool that adds, subtracts, multiplies or divides two numbers. Plain arithmetic on two operands —
 * no expression parser, nothing that could run code. Division by zero, a non-finite operand (NaN,
 * ±Infinity, only reachable through `execute`) or a result that overflows to ±Infinity throws a
 * `ToolError`, which `tool.call` turns into an `{"ok":false,"error":…}` envelope the model can read.
 *
 * @example
 * const calculator = calculatorTool();
 * await calculator.call('{"operation":"divide","a":6,"b":4}'); // '{"result":1.5,"expression":"6 / 4 = 1.5"}'
 */
export function calculatorTool(options?: CalculatorToolOptions): CalculatorTool {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  if (options !== undefined) checkOptionKeys(options, ['name'], { owner: 'calculatorTool()' });
  const name = options?.name ?? 'Calculator';
  return defineTool({
    name,
    description:
      'Does one exact arithmetic operation on two numbers: add, subtract, multiply or divide. ' +
      'Use it whenever you need a precise result instead of estimating; chain several calls for longer ' +
      'calculations. Returns { result, expression }. Dividing by zero returns an error instead of a number.',
    input: CalculatorInput,
    output: CalculatorOutput,
    metrics: CALCULATOR_METRICS,
    execute: ({ operation, a, b }) => {
      if (!Number.isFinite(a) || !Number.isFinite(b)) {
        throw new ToolError(name, `Both operands must be finite numbers, got a=${a} and b=${b}`);
      }
      let result: number;
      switch (operation) {
        case 'add':
          result = a + b;
          break;
        case 'subtract':
          result = a - b;
          break;
        case 'multiply':
          result = a * b;
          break;
        case 'divide':
          if (b === 0) throw new ToolError(name, `Cannot divide ${a} by zero`);
          result = a / b;
          break;
        default:
          throw new ToolError(
            name,
            `Unknown operation ${JSON.stringify(operation)}; use add, subtract, multiply or divide`,
          );
      }
      if (!Number.isFinite(result)) {
        throw new ToolError(
          name,
          `${a} ${SYMBOLS[operation]} ${b} is too large to represent (the result overflows)`,
        );
      }
      // -0 is not worth confusing a model with.
      if (Object.is(result, -0)) result = 0;
      return { result, expression: `${a} ${SYMBOLS[operation]} ${b} = ${result}` };
    },
  });
}
