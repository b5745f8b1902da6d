import { parseToolErrorEnvelope } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { UNIT_CONVERTER_METRICS, unitConverterTool } from './unit-converter-tool.js';

const tool = unitConverterTool();

describe('unitConverterTool', () => {
  it.each([
    [
      { value: 5, from: 'km', to: 'mi' },
      { value: 3.10686, unit: 'mi', text: '5 km = 3.10686 mi' },
    ],
    [
      { value: 12, from: 'in', to: 'cm' },
      { value: 30.48, unit: 'cm', text: '12 in = 30.48 cm' },
    ],
    [
      { value: 1, from: 'kg', to: 'lb' },
      { value: 2.20462, unit: 'lb', text: '1 kg = 2.20462 lb' },
    ],
    [
      { value: 100, from: 'C', to: 'F' },
      { value: 212, unit: 'F', text: '100 C = 212 F' },
    ],
    [
      { value: 0, from: 'K', to: 'C' },
      { value: -273.15, unit: 'C', text: '0 K = -273.15 C' },
    ],
  ])('converts %j', async (input, output) => {
    expect(JSON.parse(await tool.call(JSON.stringify(input)))).toEqual(output);
  });

  it.each([
    [{ value: 1, from: 'kg', to: 'm' }, 'Cannot convert mass (kg) to length (m)'],
    [{ value: 1, from: 'C', to: 'kg' }, 'only C, F and K'],
    [{ value: 1, from: 'parsec', to: 'm' }, 'Unknown unit parsec'],
    [{ value: -500, from: 'C', to: 'K' }, 'below absolute zero'],
  ])('answers %j with an error envelope', async (input, message) => {
    const envelope = parseToolErrorEnvelope(await tool.call(JSON.stringify(input)));
    expect(envelope?.error.code).toBe('tool_error');
    expect(envelope?.error.message).toContain(message);
  });

  it('describes itself to the model', () => {
    expect(tool.description).toMatchObject({
      name: 'unit_converter',
      parameters: { type: 'object', required: ['value', 'from', 'to'] },
      metrics: UNIT_CONVERTER_METRICS,
    });
  });
});
