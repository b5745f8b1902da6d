/** E-mail addresses in text (not ones that are really image names such as `logo@2x.png`). */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const IMAGE_SUFFIX = /\.(?:png|jpe?g|gif|webp|svg|avif)$/i;

/** The e-mail addresses in a text, lower-cased, in order of appearance. */
export function findEmails(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(EMAIL)) {
    const email = match[0].toLowerCase().replace(/\.+$/, '');
    if (!IMAGE_SUFFIX.test(email)) found.push(email);
  }
  return found;
}

/** `+44 20 7946 0958`, `0044 20 …`, `+1 (415) 555-0100`. */
const INTERNATIONAL = /(?:\+|\b00)\d{1,3}(?:[\s.-]?\(\d{1,4}\))?(?:[\s.-]?\d{1,5}){2,6}/g;
/** A number after a phone label: `Tel: 020 7946 0958`, `Phone 415.555.0100`. */
const LABELLED =
  /(?:\b(?:tel|phone|telephone|telefon|telefoon|telefono|call)\b|téléphone|tél)\.?\s*[:.]?\s*(\+?\d{1,5}(?:[\s.-]?\(\d{1,4}\))?(?:[\s.-]?\d{1,5}){1,6})/gi;
/** A number after a fax label. */
const FAX =
  /\b(?:fax|telefax)\b\.?\s*[:.]?\s*(\+?\d{1,5}(?:[\s.-]?\(\d{1,4}\))?(?:[\s.-]?\d{1,5}){1,6})/gi;

/**
 * A phone number in one form: `+` and digits (`0044…` becomes `+44…`), 7 to 15 digits, or undefined.
 */
export function normalizePhone(raw: string): string | undefined {
  // "+31 (0)10 …": the bracketed trunk 0 is not dialled from abroad.
  const trimmed = raw.trim().replace(/\(0\)/g, '');
  let digits = trimmed.replace(/[^\d]/g, '');
  let plus = trimmed.startsWith('+');
  if (!plus && trimmed.startsWith('00')) {
    digits = digits.slice(2);
    plus = true;
  }
  if (digits.length < 7 || digits.length > 15) return undefined;
  return plus ? `+${digits}` : digits;
}

/** Phone numbers in a text: international ones (0.85) and labelled local ones (0.75), minus fax numbers. */
export function findPhones(
  text: string,
  fax: ReadonlySet<string>,
): { value: string; confidence: number }[] {
  const found: { value: string; confidence: number }[] = [];
  for (const match of text.matchAll(INTERNATIONAL)) {
    const value = normalizePhone(match[0]);
    if (value !== undefined && !fax.has(value)) found.push({ value, confidence: 0.85 });
  }
  for (const match of text.matchAll(LABELLED)) {
    const value = normalizePhone(match[1] ?? '');
    if (value !== undefined && !fax.has(value)) found.push({ value, confidence: 0.75 });
  }
  return found;
}

/** Fax numbers: numbers right after a fax label. */
export function findFaxNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(FAX)) {
    const value = normalizePhone(match[1] ?? '');
    if (value !== undefined) found.push(value);
  }
  return found;
}

/** A VAT number after a label: `VAT GB123456789`, `USt-IdNr. DE123456789`, `P.IVA 01234567890`. */
const VAT =
  /\b(?:VAT(?:\s*(?:no|number|reg(?:istration)?)\.?)?|USt-?IdNr\.?|TVA(?:\s*intracommunautaire)?|P\.?\s?IVA|Partita\s+IVA|NIF|BTW)\b\s*[:.#]?\s*([A-Z]{2}\s?[0-9A-Z]{8,12}|\d{11})\b/g;

/** VAT ids in a text, spaces removed. */
export function findVatIds(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(VAT)) {
    if (match[1] !== undefined) found.push(match[1].replace(/\s+/g, ''));
  }
  return found;
}
