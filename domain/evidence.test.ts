import { describe, expect, it } from 'vitest';
import { countryNames, locateQuote, normaliseForMatch, verifyEvidence, type PageEvidence } from './evidence';
import { quoteSupportsValue as quoteSupports } from './evidence-support';

const page: PageEvidence = {
  url: 'https://lumen.example/about',
  text: 'About Lumen\nLumen Labs was founded in 2019 by two researchers.\nWe’re based in Lisbon, Portugal — a team of nine.\nPrices: “Pro” costs $12 / month.',
  attributes: ['Lumen Notes', 'mailto:hello@lumen.example', 'Co-founder &amp; CEO', '2019-03-01'],
};

describe('quote normalisation', () => {
  it.each([
    ['  Hello\n\tWorld  ', 'hello world'],
    ['We’re “quoted” — really', 'we\'re "quoted" - really'],
    ['A &amp; B &#39;x&#39; &quot;y&quot; &#x2014; z', 'a & b \'x\' "y" - z'],
    ['ﬁne\u00a0print', 'fine print'], // NFKC ligature, no-break space
    ['soft\u00adhyphen zero\u200bwidth', 'softhyphen zerowidth'],
    ['Wait…', 'wait...'],
  ])('%j → %j', (input, out) => {
    expect(normaliseForMatch(input)).toBe(out);
  });
});

describe('locating quotes', () => {
  it.each([
    ['founded in 2019 by two researchers', 'text'],
    ['LUMEN LABS WAS FOUNDED', 'text'],
    ["We're based in Lisbon, Portugal - a team of nine.", 'text'], // straight quote and hyphen for ’ and —
    ['Prices: "Pro" costs $12 / month.', 'text'],
    ['based in Lisbon,\n  Portugal', 'text'], // line breaks and spaces differ
    ['Co-founder & CEO', 'attribute'], // entity in the source attribute
    ['hello@lumen.example', 'attribute'],
    ['founded in 2015', null],
    ['Berlin', null],
    ['a', null], // too short to mean anything
    ['', null],
  ])('%j → %s', (quote, where) => {
    expect(locateQuote(quote, page)).toBe(where);
  });

  it('keeps only quotes found on the page they name', () => {
    const kept = verifyEvidence([
      { url: 'https://lumen.example/about', quote: 'founded in 2019' },
      { url: 'https://www.lumen.example/about/', quote: 'a team of nine' }, // same page, other spelling of the URL
      { url: 'https://lumen.example/pricing', quote: 'founded in 2019' }, // page not crawled
      { url: 'https://lumen.example/about', quote: 'founded in 2015' }, // not on the page
      { url: 'https://lumen.example/about', quote: 'founded in 2019' }, // duplicate
    ], [page]);
    expect(kept).toEqual([
      { url: page.url, quote: 'founded in 2019', source: 'text' },
      { url: page.url, quote: 'a team of nine', source: 'text' },
    ]);
  });
});

describe('a quote supports its value', () => {
  it.each([
    ['founded_year', '2019', 'Lumen Labs was founded in 2019.', true],
    ['founded_year', '2019', '2019-03-01', true],
    ['founded_year', '2015', 'Lumen Labs was founded in 2019.', false],
    ['founded_year', '2019', 'We have 20190 users', false],
    ['contact_email', 'hello@lumen.example', 'mailto:hello@lumen.example', true],
    ['contact_email', 'sales@lumen.example', 'mailto:hello@lumen.example', false],
    ['country', 'PT', "We're based in Lisbon, Portugal.", true],
    ['country', 'PT', 'PT', true],
    ['country', 'US', 'Offices in the USA and Canada', true],
    ['country', 'GB', 'Made in the UK', true],
    ['country', 'DE', "We're based in Lisbon, Portugal.", false],
    ['city', 'Lisbon', "We're based in Lisbon, Portugal.", true],
    ['city', 'Porto', "We're based in Lisbon, Portugal.", false],
    ['stage', 'mvp', 'Lumen is in public beta', true],
    ['stage', 'mvp', 'Lumen is used by 1,200 teams', false],
    ['stage', 'growing', 'Trusted by 1,200 research teams', true],
    ['pricing_model', 'freemium', '$0', true],
    ['pricing_model', 'subscription', '$12 / month', true],
    ['pricing_model', 'one-time', '$12 / month', false],
    ['pricing_model', 'open-source', 'Lumen is open source under the MIT licence', true],
    ['tagline', 'Anything at all', 'any verified quote', false], // free text is made of its quotes' words (evidence-support.ts)
  ])('%s = %s in %j → %s', (field, value, quote, ok) => {
    expect(quoteSupports(field, value, quote)).toBe(ok);
  });

  it('names countries in English, German, French and Spanish', () => {
    expect(countryNames('DE')).toEqual(expect.arrayContaining(['germany', 'deutschland', 'allemagne', 'alemania']));
    expect(countryNames('PT')).toContain('portugal');
    expect(countryNames('US')).toEqual(expect.arrayContaining(['united states', 'usa']));
    expect(countryNames('XX')).toEqual([]);
  });
});
