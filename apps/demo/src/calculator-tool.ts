import { defineTool } from '@aigo/ai';
import Type from 'typebox';

/**
 * A calculator tool: the model sends `{ operation, a, b }` and gets `{ result }` back. Dividing by zero
 * throws, which `tool.call` turns into an `{"ok":false,"error":…}` envelope for the model to read.
 */
export const calculator = defineTool({
  name: 'calculator',
  description: 'Does one arithmetic operation on two numbers and returns { result }.',
  input: Type.Object({
    operation: Type.Union(
      [
        Type.Literal('add'),
        Type.Literal('subtract'),
        Type.Literal('multiply'),
        Type.Literal('divide'),
      ],
      { description: 'add, subtract, multiply or divide' },
    ),
    a: Type.Number({ description: 'The left operand' }),
    b: Type.Number({ description: 'The right operand' }),
  }),
  output: Type.Object({ result: Type.Number() }),
  execute: ({ operation, a, b }) => {
    switch (operation) {
      case 'add':
        return { result: a + b };
      case 'subtract':
        return { result: a - b };
      case 'multiply':
        return { result: a * b };
      case 'divide':
        if (b === 0) throw new Error('cannot divide by zero');
        return { result: a / b };
    }
  },
});
