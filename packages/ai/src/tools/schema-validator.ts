import type { TSchema } from 'typebox';
import { AigoError } from '../errors/aigo-error.js';
import type { SchemaIssue } from '../errors/higher-layer-errors.js';

/** Checks values against one schema. */
export interface SchemaValidator {
  /** The problems with `value`, at most `maxIssues`; empty when it is valid. */
  issues(value: unknown, maxIssues?: number): SchemaIssue[];
}

interface CompiledValidator {
  Check(value: unknown): boolean;
  Errors(
    value: unknown,
  ): { instancePath: string; message: string; keyword: string; params: unknown }[];
}

type CompileFunction = (schema: TSchema) => CompiledValidator;

let compileModule: Promise<CompileFunction> | undefined;

/**
 * Loads typebox's compiler on first use. Importing typebox eagerly costs more start-up time than all
 * of undici, and applications that never validate should not pay it.
 */
function loadCompile(): Promise<CompileFunction> {
  compileModule ??= import('typebox/compile').then(
    (module) => module.Compile as unknown as CompileFunction,
    (error: unknown) => {
      compileModule = undefined;
      throw new AigoError(
        'unsupported',
        'Validating tool arguments needs the "typebox" package: install typebox@^1.4.3',
        { cause: error },
      );
    },
  );
  return compileModule;
}

/** Compiles `schema` (lazily, once) and returns a validator. */
export async function compileSchema(schema: TSchema): Promise<SchemaValidator> {
  const compile = await loadCompile();
  const compiled = compile(schema);
  return {
    issues(value, maxIssues = 5) {
      if (compiled.Check(value)) return [];
      const issues: SchemaIssue[] = [];
      for (const error of compiled.Errors(value)) {
        issues.push({ path: issuePath(error), message: error.message });
        if (issues.length >= maxIssues) break;
      }
      if (issues.length === 0) issues.push({ path: '', message: 'does not match the schema' });
      return issues;
    },
  };
}

function issuePath(error: { instancePath: string; keyword: string; params: unknown }): string {
  const params = error.params as { requiredProperties?: unknown } | undefined;
  if (error.keyword === 'required' && Array.isArray(params?.requiredProperties)) {
    const [missing] = params.requiredProperties as string[];
    if (missing !== undefined) return `${error.instancePath}/${missing}`;
  }
  return error.instancePath;
}

/** `path: message; path: message`, with the root shown as `(root)`. */
export function formatIssues(issues: readonly SchemaIssue[]): string {
  return issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ');
}
