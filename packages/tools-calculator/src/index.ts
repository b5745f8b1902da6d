/**
 * `@aigo/tools-calculator` — a calculator tool for aigo agents: add, subtract, multiply and divide two
 * numbers, with an error envelope instead of NaN or Infinity.
 *
 * @packageDocumentation
 */

export {
  CALCULATOR_METRICS,
  CalculatorInput,
  CalculatorOutput,
  type CalculatorTool,
  type CalculatorToolOptions,
  calculatorTool,
} from './calculator-tool.js';
