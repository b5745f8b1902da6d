import type { CodeExecution } from '@aigo/ai';
import {
  isRecord,
  type JsonRecord,
  nonEmptyString,
  numberOf,
  recordOf,
  stringOf,
} from '@aigo/http';

/** The server tools that run code, and the language of their input. */
const CODE_TOOLS: {
  readonly [name: string]: { readonly language: string; readonly field: string };
} = {
  code_execution: { language: 'python', field: 'code' },
  bash_code_execution: { language: 'bash', field: 'command' },
  text_editor_code_execution: { language: 'text_editor', field: 'command' },
};

/** The language and code of a `server_tool_use` block of a code-execution tool, else `undefined`. */
export function codeOfServerCall(
  block: JsonRecord,
): { language: string; code: string } | undefined {
  const tool = CODE_TOOLS[stringOf(block.name) ?? ''];
  if (tool === undefined) return undefined;
  const input = recordOf(block.input) ?? {};
  const code =
    tool.language === 'text_editor' ? JSON.stringify(input) : (stringOf(input[tool.field]) ?? '');
  return { language: tool.language, code };
}

/**
 * A code-execution result block (`code_execution_tool_result`, `bash_code_execution_tool_result`,
 * `text_editor_code_execution_tool_result`) as a `CodeExecution`, with the code of its call:
 * `outcome` `ok` for return code 0, `failed` otherwise or for an error result (its `error_code` is
 * the output); `output` is stdout, then stderr.
 */
export function codeExecutionResult(
  block: JsonRecord,
  calls: ReadonlyMap<string, { language: string; code: string }> | undefined,
): CodeExecution | undefined {
  const type = stringOf(block.type);
  if (type === undefined || !type.endsWith('code_execution_tool_result')) return undefined;
  const call = calls?.get(nonEmptyString(block.tool_use_id) ?? '');
  const language = call?.language ?? (type.startsWith('bash') ? 'bash' : 'python');
  const code = call?.code ?? '';
  const content = recordOf(block.content);
  if (content === undefined) return { language, code };
  if (stringOf(content.type)?.endsWith('_error') === true) {
    return { language, code, outcome: 'failed', output: stringOf(content.error_code) ?? 'error' };
  }
  const returnCode = numberOf(content.return_code);
  const stdout = stringOf(content.stdout) ?? '';
  const stderr = stringOf(content.stderr) ?? '';
  const execution: { -readonly [K in keyof CodeExecution]: CodeExecution[K] } = { language, code };
  if (returnCode !== undefined) execution.outcome = returnCode === 0 ? 'ok' : 'failed';
  else if (isRecord(content)) execution.outcome = 'ok';
  const output = stderr === '' ? stdout : stdout === '' ? stderr : `${stdout}\n${stderr}`;
  if (output !== '') execution.output = output;
  return execution;
}
