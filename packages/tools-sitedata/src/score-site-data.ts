import { type ExtractedField, round } from './collect.js';
import type { SiteDataField } from './site-data.js';

/** The best confidence of each thing {@link scoreSiteData} weighs; undefined when nothing was found. */
export interface SiteDataFindings {
  readonly fields: { readonly [K in SiteDataField]?: ExtractedField | undefined };
  readonly email: number | undefined;
  readonly phone: number | undefined;
  readonly address: number | undefined;
  readonly fax: number | undefined;
  readonly social: number | undefined;
}

/** How complete and how sure an extraction is. */
export interface SiteDataScore {
  /** How many of the weighed things were found. */
  readonly fields_extracted: number;
  /** How many things are weighed (13). */
  readonly fields_total: number;
  /** The found things' confidences, averaged with the weights below; 0 when nothing was found. */
  readonly overall_confidence: number;
}

/**
 * Completeness and a weighted confidence, as the Go tool reports them: the company name weighs 2,
 * e-mail and phone 1.5, the VAT id 1.3, the address 1.2, founding date and employees 0.8, the fax 0.5,
 * everything else 1.
 */
export function scoreSiteData(findings: SiteDataFindings): SiteDataScore {
  const { fields } = findings;
  const scored: [number | undefined, number][] = [
    [fields.company_name?.confidence, 2],
    [findings.email, 1.5],
    [findings.phone, 1.5],
    [fields.vat_id?.confidence, 1.3],
    [findings.address, 1.2],
    [fields.website?.confidence, 1],
    [fields.logo_url?.confidence, 1],
    [fields.description?.confidence, 1],
    [fields.legal_name?.confidence, 1],
    [fields.founding_date?.confidence, 0.8],
    [fields.employees?.confidence, 0.8],
    [findings.fax, 0.5],
    [findings.social, 1],
  ];
  const present = scored.filter(([confidence]) => confidence !== undefined) as [number, number][];
  const weight = present.reduce((sum, [, w]) => sum + w, 0);
  const overall = weight === 0 ? 0 : present.reduce((sum, [c, w]) => sum + c * w, 0) / weight;
  return {
    fields_extracted: present.length,
    fields_total: scored.length,
    overall_confidence: round(overall),
  };
}
