import { ValidationError } from '../errors/validation-error.js';
import { checkDocumentRef, checkVectorRecords } from './check-vector-input.js';
import type { DocumentRecords, VectorMatch } from './vector-store.js';

/**
 * Checks the argument of `replaceDocuments`: an array of `{ document, version, records }` with a
 * valid document (no id twice), a non-empty string version, and records that each have a vector
 * of `dimensions` numbers, an id no other record of the call has, and no `document` or this one.
 *
 * @throws ValidationError naming the entry and field (`documents[1].records[0].vector`).
 */
export function checkDocumentRecords(
  documents: unknown,
  dimensions: number,
): asserts documents is readonly DocumentRecords[] {
  if (!Array.isArray(documents))
    throw new ValidationError('documents', 'must be an array of { document, version, records }');
  const documentIds = new Set<string>();
  const recordIds = new Set<string>();
  documents.forEach((entry: unknown, index) => {
    const where = `documents[${index}]`;
    if (entry === null || typeof entry !== 'object')
      throw new ValidationError(where, 'must be an object');
    const { document, version, records } = entry as Record<string, unknown>;
    checkDocumentRef(document, `${where}.document`);
    const { id } = document;
    if (documentIds.has(id))
      throw new ValidationError(`${where}.document.id`, `"${id}" appears twice in one call`);
    documentIds.add(id);
    if (typeof version !== 'string' || version === '')
      throw new ValidationError(`${where}.version`, 'must be a non-empty string');
    checkVectorRecords(records, dimensions, false, `${where}.records`);
    records.forEach((record, position) => {
      if (record.document !== undefined && record.document.id !== id) {
        throw new ValidationError(
          `${where}.records[${position}].document.id`,
          `must be the entry's document id ("${id}") or left out`,
        );
      }
      if (recordIds.has(record.id)) {
        throw new ValidationError(
          `${where}.records[${position}].id`,
          `"${record.id}" appears twice in one call`,
        );
      }
      recordIds.add(record.id);
    });
  });
}

/**
 * Checks that no match was embedded by another model than the query's: a query vector and a
 * record vector of two models have scores that mean nothing.
 *
 * @throws ValidationError naming `options.model`.
 */
export function checkMatchModels(matches: readonly VectorMatch[], model: string | undefined): void {
  if (model === undefined) return;
  for (const match of matches) {
    if (match.model !== undefined && match.model !== model) {
      throw new ValidationError(
        'options.model',
        `is "${model}" but the store holds records embedded with "${match.model}" (record "${match.id}"): query with that model, or ingest into a store of its own`,
      );
    }
  }
}
