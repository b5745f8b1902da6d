import { isRecord, list, text } from './json-values.js';
import type { FoundAddress } from './site-data.js';

const ORGANIZATION_TYPES = new Set([
  'organization',
  'corporation',
  'company',
  'ngo',
  'brand',
  'onlinebusiness',
]);
const BUSINESS_TYPES = new Set([
  'localbusiness',
  'store',
  'restaurant',
  'professionalservice',
  'bakery',
  'cafeorcoffeeshop',
  'medicalbusiness',
  'legalservice',
  'financialservice',
  'homeandconstructionbusiness',
  'automotivebusiness',
  'foodestablishment',
  'lodgingbusiness',
  'sportsactivitylocation',
  'educationalorganization',
]);

/** What a JSON-LD object's types say about it. */
export interface JsonLdKind {
  /** An `Organization`, `Corporation`, `Brand`, … — trusted most. */
  readonly isOrganization: boolean;
  /** A `LocalBusiness` or a subtype (`Store`, `Bakery`, …) — often a branch, trusted a little less. */
  readonly isBusiness: boolean;
  readonly isContactPoint: boolean;
}

/** Classifies a JSON-LD object by its `@type`s (case-insensitive). */
export function jsonLdKind(types: readonly string[]): JsonLdKind {
  const lower = types.map((type) => type.toLowerCase());
  return {
    isOrganization: lower.some((type) => ORGANIZATION_TYPES.has(type)),
    isBusiness: lower.some((type) => BUSINESS_TYPES.has(type)),
    isContactPoint: lower.includes('contactpoint'),
  };
}

/** JSON-LD values → their objects: arrays spread, `@graph` expanded, nested graphs too. */
export function flattenJsonLd(values: readonly unknown[]): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
    } else if (isRecord(value)) {
      if (Array.isArray(value['@graph'])) visit(value['@graph'], depth + 1);
      else objects.push(value);
    }
  };
  for (const value of values) visit(value, 0);
  return objects;
}

/** An object's `@type`s, without a `https://schema.org/` prefix. */
export function typesOf(object: Record<string, unknown>): string[] {
  return list(object['@type'])
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.replace(/^https?:\/\/schema\.org\//, ''));
}

/** A `PostalAddress` (or an address given as text) → the address, its parts kept. */
export function postalAddress(value: unknown): FoundAddress | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : { text: value.trim() };
  if (!isRecord(value)) return undefined;
  const street = text(value.streetAddress);
  const locality = text(value.addressLocality);
  const region = text(value.addressRegion);
  const postal = text(value.postalCode);
  const country = isRecord(value.addressCountry)
    ? text(value.addressCountry.name)
    : text(value.addressCountry);
  const joined = [street, locality, region, postal, country].filter(Boolean).join(', ');
  if (joined === '') return undefined;
  return {
    text: joined,
    ...(street === undefined ? {} : { street_address: street }),
    ...(locality === undefined ? {} : { locality }),
    ...(region === undefined ? {} : { region }),
    ...(postal === undefined ? {} : { postal_code: postal }),
    ...(country === undefined ? {} : { country }),
  };
}

/** `numberOfEmployees` (a number, a text, a `QuantitativeValue` or a min–max range) as text. */
export function employeesOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value;
  if (isRecord(value)) {
    if (value.value !== undefined) return employeesOf(value.value);
    if (value.minValue !== undefined && value.maxValue !== undefined) {
      return `${String(value.minValue)}-${String(value.maxValue)}`;
    }
  }
  return undefined;
}

/** A `logo` / `image` value (a URL, a list, an `ImageObject`) → its URL. */
export function imageUrl(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return imageUrl(value[0]);
  if (isRecord(value)) return text(value.url) ?? text(value.contentUrl);
  return undefined;
}
