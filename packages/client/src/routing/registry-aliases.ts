import { ValidationError } from '@aigo/ai';

/** A model id split into the registry's provider name and the model sent to that provider. */
export interface ModelId {
  readonly providerName: string;
  readonly model: string;
}

/** Splits `'<provider>:<model>'` at its first colon (`'ollama:llama3:8b'` → `ollama`, `llama3:8b`). */
export function splitModelId(id: string): ModelId | undefined {
  const colon = id.indexOf(':');
  if (colon <= 0 || colon === id.length - 1) return undefined;
  return { providerName: id.slice(0, colon), model: id.slice(colon + 1) };
}

/**
 * Resolves every alias to a `'<provider>:<model>'` id, following aliases of aliases.
 *
 * @throws ValidationError naming the alias: not a string, a cycle (`fast → quick → fast`), or a
 * target that is neither an alias nor an id of a known provider.
 */
export function resolveAliases(
  aliases: { readonly [alias: string]: unknown },
  providers: ReadonlySet<string>,
): Map<string, ModelId> {
  const resolved = new Map<string, ModelId>();
  for (const alias of Object.keys(aliases)) {
    const argument = `options.aliases.${alias}`;
    if (alias === '') throw new ValidationError('options.aliases', 'an alias must not be empty');
    const seen: string[] = [alias];
    let target = aliases[alias];
    for (;;) {
      if (typeof target !== 'string' || target === '') {
        throw new ValidationError(argument, `must be a '<provider>:<model>' id or another alias`);
      }
      if (Object.hasOwn(aliases, target)) {
        if (seen.includes(target)) {
          throw new ValidationError(
            argument,
            `the aliases form a cycle: ${[...seen, target].map((name) => `"${name}"`).join(' → ')}`,
          );
        }
        seen.push(target);
        target = aliases[target];
        continue;
      }
      const id = splitModelId(target);
      if (id === undefined || !providers.has(id.providerName)) {
        throw new ValidationError(
          argument,
          `"${target}" is neither an alias nor a '<provider>:<model>' id of a known provider (${[...providers].join(', ')})`,
        );
      }
      resolved.set(alias, id);
      break;
    }
  }
  return resolved;
}
