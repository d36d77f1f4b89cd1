import { describe, expect, it } from 'vitest';
import { promptFor, TOTAL_CHARS } from '../crawler/draft-ai';
import { budgetPassages, scorePassage } from '../crawler/passages';

// The model reads the passages that matter for the missing fields, not the first characters of each page.

const filler = (n: number, word = 'Minor fixes and small improvements to stability, speed and the look of a few screens.') =>
  Array.from({ length: n }, (_, i) => `${word} (${i})`).join('\n');

describe('choosing what the model reads', () => {
  const home = { url: 'https://acme.example/', title: 'Acme', text: `Acme schedules shifts for small teams.\n${filler(400)}\nAcme was founded in 2020 by Mara Lindqvist in Gothenburg.\n${filler(400)}` };
  const pricing = { url: 'https://acme.example/pricing', title: 'Pricing', text: `${filler(300)}\nTeam: $4 per staff member / month. Start on the free plan.` };
  const faq = { url: 'https://acme.example/faq', title: 'FAQ', text: `${filler(200)}\nCan I try Acme before paying?\nYes, every plan has a free trial.` };

  it('keeps a fact stated deep in a long page when its field is missing, within the budget', () => {
    const { prompt, cutPages } = promptFor([home, pricing, faq], [], undefined, ['founded_year', 'founders', 'city', 'pricing_model', 'faqs']);
    expect(prompt).toContain('Acme was founded in 2020 by Mara Lindqvist in Gothenburg.');
    expect(prompt).toContain('Team: $4 per staff member / month.');
    expect(prompt).toContain('Can I try Acme before paying?\nYes, every plan has a free trial.');
    expect(prompt).toContain('Acme schedules shifts for small teams.');
    expect(prompt.length).toBeLessThan(TOTAL_CHARS + 2_000);
    expect(cutPages).toEqual([home.url, pricing.url, faq.url]);
    expect(prompt).toContain('[…]'); // where text was left out
  });

  it('cuts nothing when everything fits, and keeps page order', () => {
    const small = [{ url: 'https://a.example/', title: null, text: 'One.\nTwo.' }, { url: 'https://a.example/b', title: null, text: 'Three.' }];
    const { blocks, cutPages } = budgetPassages(small, ['name'], TOTAL_CHARS);
    expect(cutPages).toEqual([]);
    expect(blocks.map((b) => b.split('\n')[0])).toEqual(['PAGE https://a.example/', 'PAGE https://a.example/b']);
  });

  it.each([
    ['founded_year', 'Gegründet 2018 in Leipzig.', true],
    ['founders', 'Fondatrice et CEO : Claire Martin', true],
    ['pricing_model', '19 € pro Monat', true],
    ['faqs', 'Where is my data stored?', true],
    ['founded_year', 'Drag shifts onto the week.', false],
  ])('%s signal in %j: %s', (field, passage, relevant) => {
    expect(scorePassage(passage, [field], 3, 10) > 0).toBe(relevant);
  });
});
