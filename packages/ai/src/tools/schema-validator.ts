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

// typebox's compiler is imported at the first validation, never at start-up: importing typebox eagerly
// costs more start-up time than all of undici, and applications that never validate should not pay it.
let compileModule: Promise<CompileFunction> | undefined;
// A memo of compiled schemas, keyed by the schema object: compiling costs far more than checking.
const compiled = new WeakMap<object, Promise<SchemaValidator>>();

function loadCompile(): Promise<CompileFunction> {
  compileModule ??= import('typebox/compile').then(
    (module) => module.Compile as unknown as CompileFunction,
    (error: unknown) => {
      compileModule = undefined;
      throw new AigoError(
        'unsupported',
        'Validating against a schema needs the "typebox" package: install typebox@^1.4.3',
        { cause: error },
      );
    },
  );
  return compileModule;
}

/**
 * Compiles a typebox schema once (loading typebox's compiler lazily) and returns its validator. Used by
 * tools for their arguments and by the structured client for answers.
 */
export function schemaValidator(schema: TSchema): Promise<SchemaValidator> {
  let validator = compiled.get(schema);
  if (validator === undefined) {
    validator = compile(schema);
    compiled.set(schema, validator);
    validator.catch(() => compiled.delete(schema));
  }
  return validator;
}

async function compile(schema: TSchema): Promise<SchemaValidator> {
  const compileSchema = await loadCompile();
  const validator = compileSchema(schema);
  return {
    issues(value, maxIssues = 5) {
      if (validator.Check(value)) return [];
      const issues: SchemaIssue[] = [];
      for (const error of validator.Errors(value)) {
        for (const issue of toIssues(error)) {
          if (issues.length < maxIssues) issues.push(issue);
        }
        if (issues.length >= maxIssues) break;
      }
      if (issues.length === 0) issues.push({ path: '', message: 'does not match the schema' });
      return issues;
    },
  };
}

/** One issue per error; a `required` error becomes one issue per missing property. */
function toIssues(error: {
  instancePath: string;
  message: string;
  keyword: string;
  params: unknown;
}): SchemaIssue[] {
  const params = error.params as { requiredProperties?: unknown } | undefined;
  if (error.keyword === 'required' && Array.isArray(params?.requiredProperties)) {
    const missing = params.requiredProperties as string[];
    if (missing.length > 0) {
      return missing.map((property) => ({
        path: `${error.instancePath}/${property}`,
        message: `is required`,
      }));
    }
  }
  return [{ path: error.instancePath, message: error.message }];
}

/** `path: message; path: message`, with the root shown as `(root)`. */
export function formatIssues(issues: readonly SchemaIssue[]): string {
  return issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ');
}
