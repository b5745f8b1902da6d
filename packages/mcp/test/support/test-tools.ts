import { audioPart, defineTool, documentPart, imagePart, ToolError, withContent } from '@aigo/ai';
import { Type } from 'typebox';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** A 44-byte WAV header with no samples: the smallest valid WAV file. */
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';

/**
 * The tools the conformance suite's server scenarios call (named and shaped as the scenarios
 * expect), written as ordinary aigo tools, plus an `add` tool with structured output.
 */
export function conformanceTools() {
  return [
    defineTool({
      name: 'test_simple_text',
      description: 'Returns simple text',
      execute: () => 'This is a simple text response for testing.',
    }),
    defineTool({
      name: 'test_image_content',
      description: 'Returns an image',
      execute: () => withContent('An image', [imagePart(PNG, 'image/png')]),
    }),
    defineTool({
      name: 'test_audio_content',
      description: 'Returns audio',
      execute: () => withContent('A sound', [audioPart(WAV, 'audio/wav')]),
    }),
    defineTool({
      name: 'test_embedded_resource',
      description: 'Returns an embedded resource',
      execute: () =>
        withContent('A resource', [
          documentPart(Buffer.from('This is an embedded resource content.'), 'text/plain', {
            filename: 'resource.txt',
          }),
        ]),
    }),
    defineTool({
      name: 'test_multiple_content_types',
      description: 'Returns text, an image and a resource',
      execute: () =>
        withContent('Multiple content types test:', [
          imagePart(PNG, 'image/png'),
          documentPart(Buffer.from('{"test":"data","value":123}'), 'application/json', {
            filename: 'data.json',
          }),
        ]),
    }),
    defineTool({
      name: 'test_tool_with_logging',
      description: 'Logs while it runs',
      execute: (_input, ctx) => {
        ctx.progress({ message: 'Tool execution started' });
        ctx.progress({ message: 'Tool processing data' });
        ctx.progress({ message: 'Tool execution completed' });
        return 'Logged three messages';
      },
    }),
    defineTool({
      name: 'test_error_handling',
      description: 'Always fails',
      execute: () => {
        throw new ToolError(
          'test_error_handling',
          'This tool intentionally returns an error for testing',
        );
      },
    }),
    defineTool({
      name: 'test_tool_with_progress',
      description: 'Reports progress',
      execute: (_input, ctx) => {
        ctx.progress({ progress: 0, total: 100 });
        ctx.progress({ progress: 50, total: 100 });
        ctx.progress({ progress: 100, total: 100 });
        return 'Done';
      },
    }),
    defineTool({
      name: 'add',
      description: 'Adds two numbers',
      input: Type.Object({ a: Type.Number(), b: Type.Number() }),
      output: Type.Object({ sum: Type.Number() }),
      execute: ({ a, b }) => ({ sum: a + b }),
    }),
  ];
}
