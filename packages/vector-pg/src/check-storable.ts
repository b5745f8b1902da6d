import { type DocumentRecords, ValidationError, type VectorRecord } from '@aigo/ai';

const TEXT_FIELDS = ['id', 'text', 'context', 'model'] as const;

function refuse(where: string, type: 'text' | 'jsonb'): never {
  throw new ValidationError(where, `must not contain NUL (PostgreSQL ${type} cannot)`);
}

/**
 * PostgreSQL `text` and `jsonb` cannot hold NUL (U+0000): the driver would fail deep inside, or a
 * string would come back changed. Refuse such ids, texts, contexts, models, documents and metadata
 * before any write. `name` is how errors name the array.
 *
 * @throws ValidationError naming the record and field (`records[1].text`).
 */
export function checkStorable(records: readonly VectorRecord[], name = 'records'): void {
  records.forEach((record, index) => {
    const where = `${name}[${index}]`;
    for (const field of TEXT_FIELDS) {
      if (record[field]?.includes('\u0000')) refuse(`${where}.${field}`, 'text');
    }
    const document = record.document;
    if (document !== undefined) {
      for (const field of ['id', 'title', 'source'] as const) {
        if (document[field]?.includes('\u0000')) refuse(`${where}.document.${field}`, 'text');
      }
    }
    if (record.metadata !== undefined && JSON.stringify(record.metadata).includes('\\u0000')) {
      refuse(`${where}.metadata`, 'jsonb');
    }
  });
}

/**
 * {@link checkStorable} for the documents of `replaceDocuments`: their ids, titles, sources and
 * versions, and their records.
 *
 * @throws ValidationError naming the entry and field (`documents[0].records[1].text`).
 */
export function checkStorableDocuments(documents: readonly DocumentRecords[]): void {
  documents.forEach(({ document, version, records }, index) => {
    const where = `documents[${index}]`;
    for (const field of ['id', 'title', 'source'] as const) {
      if (document[field]?.includes('\u0000')) refuse(`${where}.document.${field}`, 'text');
    }
    if (version.includes('\u0000')) refuse(`${where}.version`, 'text');
    checkStorable(records, `${where}.records`);
  });
}
