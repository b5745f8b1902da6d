/**
 * `aigo-tool-unit-converter` — the template of a third-party aigo tool package: one factory,
 * `unitConverterTool()`, built with `defineTool` from `@aigo/ai` (a peer dependency).
 *
 * @packageDocumentation
 */

export {
  UNIT_CONVERTER_METRICS,
  UnitConverterInput,
  UnitConverterOutput,
  type UnitConverterToolOptions,
  unitConverterTool,
} from './unit-converter-tool.js';
