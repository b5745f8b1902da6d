import { ValidationError, type VectorRecord } from '@aigo/ai';

/**
 * PostgreSQL `text` and `jsonb` cannot hold NUL (U+0000): the driver would fail deep inside, or a
 * string would come back changed. Refuse such ids, texts and metadata before any write.
 *
 * @throws ValidationError naming the record and field (`records[1].text`).
 */
export function checkStorable(records: readonly VectorRecord[]): void {
  records.forEach((record, index) => {
    if (record.id.includes('\u0000'))
      throw new ValidationError(
        `records[${index}].id`,
        'must not contain NUL (PostgreSQL text cannot)',
      );
    if (record.text?.includes('\u0000')) {
      throw new ValidationError(
        `records[${index}].text`,
        'must not contain NUL (PostgreSQL text cannot)',
      );
    }
    if (record.metadata !== undefined && JSON.stringify(record.metadata).includes('\\u0000')) {
      throw new ValidationError(
        `records[${index}].metadata`,
        'must not contain NUL (PostgreSQL jsonb cannot)',
      );
    }
  });
}
