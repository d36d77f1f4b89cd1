import { describe, expect, it } from 'vitest';
import { EU_VAT_RATES_BP, VAT_NUMBER_PATTERNS, vatCents, vatLine, vatNote, vatTreatment, type VatRule } from './vat';

type Case = [string, { seller?: string; country?: string; number?: string }, VatRule, string | null, number, string | null];

describe('vatTreatment', () => {
  it.each<Case>([
    // name, input, rule, country whose rate applies, rate (bp), normalised VAT number
    ['DE consumer from a DE seller', { country: 'DE' }, 'domestic', 'DE', 1900, null],
    ['DE business with a number from a DE seller', { country: 'DE', number: 'DE 123 456 789' }, 'domestic', 'DE', 1900, 'DE123456789'],
    ['DE business number without its prefix', { country: 'de', number: '123456789' }, 'domestic', 'DE', 1900, 'DE123456789'],
    ['FR consumer from a DE seller (OSS)', { country: 'FR' }, 'oss', 'FR', 2000, null],
    ['FR business with a valid number from a DE seller', { country: 'FR', number: 'FR40303265045' }, 'reverse_charge', 'FR', 0, 'FR40303265045'],
    ['country taken from the number prefix', { number: 'fr40303265045' }, 'reverse_charge', 'FR', 0, 'FR40303265045'],
    ['Greek numbers use the EL prefix', { country: 'GR', number: 'EL094014201' }, 'reverse_charge', 'GR', 0, 'EL094014201'],
    ['NL business', { country: 'NL', number: 'NL 8047.19.406B01' }, 'reverse_charge', 'NL', 0, 'NL804719406B01'],
    ['Finnish consumer at 25.5 %', { country: 'FI' }, 'oss', 'FI', 2550, null],
    ['US buyer: no VAT', { country: 'US' }, 'outside_eu', null, 0, null],
    ['US buyer with some tax id: still no VAT', { country: 'US', number: '12-3456789' }, 'outside_eu', null, 0, '123456789'],
    ['no billing country yet', {}, 'not_determined', null, 0, null],
    ['FR seller, DE consumer', { seller: 'FR', country: 'DE' }, 'oss', 'DE', 1900, null],
    ['FR seller, FR business', { seller: 'FR', country: 'FR', number: 'FR40303265045' }, 'domestic', 'FR', 2000, 'FR40303265045'],
  ])('%s', (_name, input, rule, country, rateBp, vatNumber) => {
    const r = vatTreatment({ sellerCountry: input.seller ?? 'DE', billingCountry: input.country, vatNumber: input.number });
    expect(r).toEqual({
      ok: true,
      treatment: expect.objectContaining({ rule, country, rateBp, vatNumber, reverseCharge: rule === 'reverse_charge' }),
    });
  });

  it.each([
    ['a number that does not fit the country format', { country: 'FR', number: 'FR123' }, 'vat_number', /FR VAT number format/],
    ['another country\'s number', { country: 'FR', number: 'DE123456789' }, 'vat_number', /of DE, but billing_country is FR/],
    ['a DE number with too few digits', { country: 'DE', number: '12345678' }, 'vat_number', /expected like DE123456789/],
    ['a number without prefix or country', { number: '40303265045' }, 'billing_country', /prefix/],
  ])('rejects %s', (_name, input, path, message) => {
    const r = vatTreatment({ sellerCountry: 'DE', billingCountry: (input as any).country, vatNumber: input.number });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.path).toBe(path);
      expect(r.message).toMatch(message);
    }
  });
});

describe('vat tables', () => {
  it('cover the same 27 member states', () => {
    expect(Object.keys(EU_VAT_RATES_BP)).toHaveLength(27);
    expect(Object.keys(VAT_NUMBER_PATTERNS).sort()).toEqual(Object.keys(EU_VAT_RATES_BP).sort());
  });
});

describe('vatCents', () => {
  it.each([
    [4900, 1900, 931],
    [1000, 2550, 255],
    [1, 1900, 0], // 0.19 cents rounds down
    [3, 1900, 1], // 0.57 rounds up
    [250, 2000, 50],
    [123_456, 0, 0],
  ])('%i cents at %i bp = %i', (subtotal, bp, vat) => {
    expect(vatCents(subtotal, bp)).toBe(vat);
  });
});

describe('vatNote', () => {
  it('names the rule for each case', () => {
    expect(vatNote({ rule: 'reverse_charge', country: 'FR', rateBp: 0, vatNumber: 'FR40303265045' })).toMatch(/Reverse charge.*FR40303265045/);
    expect(vatNote({ rule: 'oss', country: 'FR', rateBp: 2000, vatNumber: null })).toMatch(/20 % of FR/);
    expect(vatNote({ rule: 'outside_eu', country: null, rateBp: 0, vatNumber: null })).toMatch(/outside the EU/);
  });
});

describe('vatLine: the VAT line of an order, with the rate once', () => {
  it.each<[VatRule, string | null, number, string | null, string]>([
    ['domestic', 'DE', 1900, null, 'VAT 19 % (DE)'],
    ['domestic', 'DE', 1900, 'DE123456789', 'VAT 19 % (DE)'],
    ['oss', 'FR', 2000, null, "VAT 20 % (FR, the buyer's country, EU One-Stop Shop)"],
    ['reverse_charge', 'FR', 0, 'FR40303265045', 'VAT 0 %: reverse charge, VAT to be accounted for by the recipient (FR40303265045), Article 196 Directive 2006/112/EC'],
    ['outside_eu', null, 0, null, 'VAT 0 %: the buyer is outside the EU'],
    ['not_determined', null, 0, null, 'VAT: set by the billing country'],
  ])('%s %s %i %s', (rule, country, rateBp, vatNumber, label) => {
    const line = vatLine({ rule, country, rateBp, vatNumber });
    expect(line).toBe(label);
    expect(line.match(/VAT \d/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });
});
