import { describe, expect, it } from 'vitest';
import { assemble } from '../crawler/assemble';
import { emptyFacts, textEv } from '../crawler/facts';
import type { AiProposal } from '../crawler/draft-ai';
import type { PageEvidence } from '../domain/evidence';

// Someone else's words on a page (PageEvidence.othersText) never state a fact about the company, whether
// markup extraction or the model read them there.

const url = 'https://acme.example/';
const testimonial = '"We have run our bakery since 2016 and love it." Priya Raman, founder of Northwind Bakery, Leeds';
const partner = 'Our partner Swift Bikes was founded in 2009 in Portland. Write to them at hi@swift.example.';
const own = 'Acme was founded in 2020 by Mara Lindqvist in Gothenburg.';
const page = (othersText?: string[]): PageEvidence => ({ url, text: `Acme\n${own}\n${testimonial}\n${partner}`, attributes: [], othersText });
const now = new Date('2026-01-01T00:00:00Z');

function proposal(): AiProposal {
  return {
    scalars: {
      founded_year: { value: '2016', evidence: [textEv(url, 'We have run our bakery since 2016')] },
      city: { value: 'Leeds', evidence: [textEv(url, 'Priya Raman, founder of Northwind Bakery, Leeds')] },
      contact_email: { value: 'hi@swift.example', evidence: [textEv(url, 'Write to them at hi@swift.example.')] },
      description: { value: 'Swift Bikes was founded in 2009 in Portland.', evidence: [textEv(url, 'Swift Bikes was founded in 2009 in Portland.')] },
    },
    lists: {}, faqs: [],
    founders: [{ name: 'Priya Raman', title: 'Founder', bio: null, socials: {}, evidence: [textEv(url, 'Priya Raman, founder of Northwind Bakery')] }],
    milestones: [{ date: '2009', title: 'Swift Bikes was founded', description: null, url: null, evidence: [textEv(url, 'Our partner Swift Bikes was founded in 2009 in Portland.')] }],
  };
}

describe('whose words', () => {
  it('keeps none of the company facts quoted only from a testimonial or a partner block', () => {
    const facts = emptyFacts();
    facts.scalars.founded_year = [{ value: '2009', evidence: [textEv(url, 'Swift Bikes was founded in 2009')] }];
    const r = assemble({ facts, proposal: proposal(), pages: [page([testimonial, partner])], categories: [], now });
    for (const f of ['founded_year', 'city', 'contact_email', 'description'] as const) expect(r.fields[f].value, f).toBeNull();
    expect(r.founders).toEqual([]);
    expect(r.milestones).toEqual([]);
    expect(r.dropped.filter((d) => /someone else/.test(d.reason)).length).toBeGreaterThanOrEqual(6);
  });

  it('keeps the company\'s own statement beside them', () => {
    const facts = emptyFacts();
    facts.scalars.founded_year = [{ value: '2020', evidence: [textEv(url, own)] }];
    facts.founders.push({ name: 'Mara Lindqvist', title: null, bio: null, socials: {}, evidence: [textEv(url, own)] });
    const r = assemble({ facts, pages: [page([testimonial, partner])], categories: [], now });
    expect(r.fields.founded_year.value).toBe('2020');
    expect(r.founders.map((f) => f.name)).toEqual(['Mara Lindqvist']);
  });

  it('is what tells them apart: without the regions marked, the words alone read as facts', () => {
    const r = assemble({ facts: emptyFacts(), proposal: proposal(), pages: [page()], categories: [], now });
    expect(r.fields.founded_year.value).toBe('2016');
  });
});
