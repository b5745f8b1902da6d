import { type DefinedTool, defineTool, ToolError, type ToolMetrics } from '@aigo/ai';
import { type Static, Type } from 'typebox';

/** Units the tool knows, by dimension, with their factor to the dimension's base unit. */
const FACTORS: Readonly<Record<string, { readonly dimension: string; readonly factor: number }>> = {
  mm: { dimension: 'length', factor: 0.001 },
  cm: { dimension: 'length', factor: 0.01 },
  m: { dimension: 'length', factor: 1 },
  km: { dimension: 'length', factor: 1000 },
  in: { dimension: 'length', factor: 0.0254 },
  ft: { dimension: 'length', factor: 0.3048 },
  mi: { dimension: 'length', factor: 1609.344 },
  g: { dimension: 'mass', factor: 0.001 },
  kg: { dimension: 'mass', factor: 1 },
  lb: { dimension: 'mass', factor: 0.45359237 },
  oz: { dimension: 'mass', factor: 0.028349523125 },
};
const TEMPERATURES = new Set(['c', 'f', 'k']);

/** The tool's input: the model sends a value and two unit symbols. */
export const UnitConverterInput = Type.Object(
  {
    value: Type.Number({ description: 'The quantity to convert' }),
    from: Type.String({
      description: 'Unit of value: mm, cm, m, km, in, ft, mi, g, kg, lb, oz, C, F, K',
    }),
    to: Type.String({ description: 'Unit to convert to (same dimension as from)' }),
  },
  { additionalProperties: false },
);
/** The tool's input. */
export type UnitConverterInput = Static<typeof UnitConverterInput>;

/** The tool's output: the converted value, rounded to 6 significant digits, and a sentence. */
export const UnitConverterOutput = Type.Object({
  value: Type.Number(),
  unit: Type.String(),
  text: Type.String(),
});
/** The tool's output. */
export type UnitConverterOutput = Static<typeof UnitConverterOutput>;

/** Free and exact: it runs locally. Declare metrics so clients can account for cost and prefer cheap tools. */
export const UNIT_CONVERTER_METRICS: ToolMetrics = Object.freeze({
  amount: 0,
  currency: 'USD',
  costDescription: 'local computation',
  accuracy: 1,
  averageDurationInMillis: 1,
});

/** Options of {@link unitConverterTool}. */
export interface UnitConverterToolOptions {
  /** The name the model sees. Default `unit_converter`. */
  readonly name?: string;
}

/**
 * A tool that converts lengths, masses and temperatures. A third-party tool package exports a factory
 * like this one: options in, a `defineTool` tool out.
 */
export function unitConverterTool(
  options?: UnitConverterToolOptions,
): DefinedTool<typeof UnitConverterInput, typeof UnitConverterOutput, unknown> {
  const name = options?.name ?? 'unit_converter';
  return defineTool({
    name,
    description:
      'Converts a quantity between units of length (mm, cm, m, km, in, ft, mi), mass (g, kg, lb, oz) ' +
      'or temperature (C, F, K). Use it instead of converting in your head.',
    input: UnitConverterInput,
    output: UnitConverterOutput,
    metrics: UNIT_CONVERTER_METRICS,
    execute: ({ value, from, to }) => {
      const converted = convert(value, from.trim(), to.trim(), name);
      const rounded = Number(converted.toPrecision(6));
      return {
        value: rounded,
        unit: to.trim(),
        text: `${value} ${from.trim()} = ${rounded} ${to.trim()}`,
      };
    },
  });
}

function convert(value: number, from: string, to: string, tool: string): number {
  const a = from.toLowerCase();
  const b = to.toLowerCase();
  if (TEMPERATURES.has(a) || TEMPERATURES.has(b)) {
    if (!TEMPERATURES.has(a) || !TEMPERATURES.has(b)) {
      throw new ToolError(
        tool,
        `Cannot convert ${from} to ${to}: only C, F and K convert to each other`,
      );
    }
    const kelvin = a === 'c' ? value + 273.15 : a === 'f' ? ((value - 32) * 5) / 9 + 273.15 : value;
    if (kelvin < 0) throw new ToolError(tool, `${value} ${from} is below absolute zero`);
    return b === 'c' ? kelvin - 273.15 : b === 'f' ? ((kelvin - 273.15) * 9) / 5 + 32 : kelvin;
  }
  const source = FACTORS[a];
  const target = FACTORS[b];
  if (source === undefined || target === undefined) {
    throw new ToolError(
      tool,
      `Unknown unit ${source === undefined ? from : to}; known units: ${Object.keys(FACTORS).join(', ')}, C, F, K`,
    );
  }
  if (source.dimension !== target.dimension) {
    throw new ToolError(
      tool,
      `Cannot convert ${source.dimension} (${from}) to ${target.dimension} (${to})`,
    );
  }
  return (value * source.factor) / target.factor;
}
