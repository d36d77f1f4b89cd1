// VAT on orders. Prices exclude VAT; the seller's country is a site setting (default DE).
// Rules (EU VAT for electronically supplied services):
//  - billing country = seller country          → the seller's rate (domestic), VAT number or not
//  - other EU country, business with a VAT number of valid format → reverse charge, 0 %
//  - other EU country, consumer                → the buyer's country's rate (OSS)
//  - outside the EU                            → no VAT
//  - no billing country yet                    → not determined (0 until the checkout page asks)
// Only the number's format is checked here (no VIES lookup: the service makes no outbound calls for it).

// Standard rates in basis points (1900 = 19 %), as in force in 2026.
export const EU_VAT_RATES_BP: Readonly<Record<string, number>> = {
  AT: 2000, BE: 2100, BG: 2000, CY: 1900, CZ: 2100, DE: 1900, DK: 2500, EE: 2400, ES: 2100, FI: 2550,
  FR: 2000, GR: 2400, HR: 2500, HU: 2700, IE: 2300, IT: 2200, LT: 2100, LU: 1700, LV: 2100, MT: 1800,
  NL: 2100, PL: 2300, PT: 2300, RO: 2100, SE: 2500, SI: 2200, SK: 2300,
};

// VAT numbers start with the country's VAT prefix, which is the ISO code except for Greece (EL).
const PREFIX_OF: Readonly<Record<string, string>> = { GR: 'EL' };
const COUNTRY_OF_PREFIX: Readonly<Record<string, string>> = { EL: 'GR' };
export const vatPrefix = (country: string) => PREFIX_OF[country] ?? country;

// The part after the prefix, per the formats the EU's VIES service documents.
export const VAT_NUMBER_PATTERNS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/, BE: /^[01]\d{9}$/, BG: /^\d{9,10}$/, CY: /^\d{8}[A-Z]$/, CZ: /^\d{8,10}$/, DE: /^\d{9}$/,
  DK: /^\d{8}$/, EE: /^\d{9}$/, ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/, FI: /^\d{8}$/, FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^\d{9}$/, HR: /^\d{11}$/, HU: /^\d{8}$/, IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/, LU: /^\d{8}$/, LV: /^\d{11}$/, MT: /^\d{8}$/, NL: /^\d{9}B\d{2}$/, PL: /^\d{10}$/,
  PT: /^\d{9}$/, RO: /^[1-9]\d{1,9}$/, SE: /^\d{10}01$/, SI: /^\d{8}$/, SK: /^\d{10}$/,
};

// What a valid number looks like after the prefix, for error messages.
const EXAMPLES: Readonly<Record<string, string>> = {
  AT: 'U12345678', BE: '0123456789', BG: '123456789', CY: '12345678X', CZ: '12345678', DE: '123456789', DK: '12345678',
  EE: '123456789', ES: 'X1234567X', FI: '12345678', FR: 'XX123456789', GR: '123456789', HR: '12345678901', HU: '12345678',
  IE: '1234567WA', IT: '12345678901', LT: '123456789', LU: '12345678', LV: '12345678901', MT: '12345678', NL: '123456789B01',
  PL: '1234567890', PT: '123456789', RO: '1234567890', SE: '123456789001', SI: '12345678', SK: '1234567890',
};

export const isEu = (country: string) => Object.hasOwn(EU_VAT_RATES_BP, country);

export type VatRule = 'domestic' | 'oss' | 'reverse_charge' | 'outside_eu' | 'not_determined';

export type VatTreatment = {
  rule: VatRule;
  country: string | null; // whose rate applies (null when none does)
  rateBp: number;
  reverseCharge: boolean;
  billingCountry: string | null;
  vatNumber: string | null; // normalised with its prefix, e.g. FR40303265045
};

export type VatInput = { sellerCountry: string; billingCountry?: string | null; vatNumber?: string | null };
export type VatResult = { ok: true; treatment: VatTreatment } | { ok: false; path: 'billing_country' | 'vat_number'; message: string };

const clean = (raw: string) => raw.toUpperCase().replace(/[\s.\-/]/g, '');

// Splits "FR 40 303 265 045" into { prefix: 'FR', rest: '40303265045' } when it starts with a known EU prefix.
function splitPrefix(number: string): { country: string; rest: string } | null {
  const head = number.slice(0, 2);
  const country = COUNTRY_OF_PREFIX[head] ?? head;
  return isEu(country) && vatPrefix(country) === head ? { country, rest: number.slice(2) } : null;
}

export function vatTreatment(input: VatInput): VatResult {
  const seller = input.sellerCountry.toUpperCase();
  const rawNumber = input.vatNumber?.trim() ? clean(input.vatNumber) : null;
  let billing = input.billingCountry ? input.billingCountry.toUpperCase() : null;
  const base = { reverseCharge: false, vatNumber: rawNumber };

  if (!billing && rawNumber) {
    // A number with its EU prefix says where the business is; without one we cannot tell.
    const split = splitPrefix(rawNumber);
    if (!split) return { ok: false, path: 'billing_country', message: 'give billing_country, or start vat_number with its EU country prefix (e.g. FR…)' };
    billing = split.country;
  }
  if (!billing) return { ok: true, treatment: { ...base, rule: 'not_determined', country: null, rateBp: 0, billingCountry: null } };
  if (!isEu(billing)) {
    return { ok: true, treatment: { ...base, rule: 'outside_eu', country: null, rateBp: 0, billingCountry: billing } };
  }

  let vatNumber: string | null = null;
  if (rawNumber) {
    const prefix = vatPrefix(billing);
    const split = splitPrefix(rawNumber);
    if (split && split.country !== billing) {
      return { ok: false, path: 'vat_number', message: `is a VAT number of ${split.country}, but billing_country is ${billing}` };
    }
    const rest = split ? split.rest : rawNumber;
    if (!VAT_NUMBER_PATTERNS[billing].test(rest)) {
      return { ok: false, path: 'vat_number', message: `is not a valid ${billing} VAT number format (expected like ${prefix}${EXAMPLES[billing]})` };
    }
    vatNumber = `${prefix}${rest}`;
  }
  const withNumber = { ...base, vatNumber, billingCountry: billing };
  if (billing === seller) return { ok: true, treatment: { ...withNumber, rule: 'domestic', country: seller, rateBp: EU_VAT_RATES_BP[seller] } };
  if (vatNumber && isEu(seller)) {
    return { ok: true, treatment: { ...withNumber, rule: 'reverse_charge', country: billing, rateBp: 0, reverseCharge: true } };
  }
  return { ok: true, treatment: { ...withNumber, rule: 'oss', country: billing, rateBp: EU_VAT_RATES_BP[billing] } };
}

// VAT on the order's subtotal (not per line), rounded half up to a whole cent.
export const vatCents = (subtotalCents: number, rateBp: number): number => Math.round((subtotalCents * rateBp) / 10_000);

export const ratePercent = (rateBp: number): number => rateBp / 100;

// One sentence a buyer (or an invoice) can show for the rule applied.
export function vatNote(t: Pick<VatTreatment, 'rule' | 'country' | 'rateBp' | 'vatNumber'>): string {
  switch (t.rule) {
    case 'domestic': return `VAT ${ratePercent(t.rateBp)} % (${t.country}).`;
    case 'oss': return `VAT ${ratePercent(t.rateBp)} % of ${t.country}, the buyer's country (EU One-Stop Shop).`;
    case 'reverse_charge': return `Reverse charge: VAT to be accounted for by the recipient (${t.vatNumber}), Article 196 Directive 2006/112/EC.`;
    case 'outside_eu': return 'No VAT: the buyer is outside the EU.';
    default: return 'VAT is determined from the billing country; give billing_country to see it.';
  }
}

// The label of an order's VAT line (checkout page, receipt, provider's payment page): the rate once, then what
// the rule means. vatNote already starts with the rate for domestic and OSS, so pages must not prefix it again.
export function vatLine(t: Pick<VatTreatment, 'rule' | 'country' | 'rateBp' | 'vatNumber'>): string {
  const rate = `VAT ${ratePercent(t.rateBp)} %`;
  switch (t.rule) {
    case 'domestic': return `${rate} (${t.country})`;
    case 'oss': return `${rate} (${t.country}, the buyer's country, EU One-Stop Shop)`;
    case 'reverse_charge': return `${rate}: reverse charge, VAT to be accounted for by the recipient (${t.vatNumber}), Article 196 Directive 2006/112/EC`;
    case 'outside_eu': return `${rate}: the buyer is outside the EU`;
    default: return 'VAT: set by the billing country';
  }
}
