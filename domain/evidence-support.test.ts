import { describe, expect, it } from 'vitest';
import {
  answersQuestion, founderOnPage, FREE_TEXT_MIN_COVERAGE, namedAsFounder, onlyInOthersWords, othersMayNotSupport,
  quoteSupportsValue, supportingQuotes,
} from './evidence-support';
import type { PageEvidence } from './evidence';
import { wordCoverage } from './text-words';

const q = (quote: string) => ({ quote });

describe('a quote supports its value, per kind of field', () => {
  it.each([
    // field, value, quote, supports?
    ['founded_year', '2019', 'Lumen Labs was founded in 2019 in Lisbon.', true],
    ['founded_year', '2019', 'Since 20190 builds we shipped', false],
    ['founded_year', '2015', 'Founded in 2019.', false],
    ['contact_email', 'hello@acme.example', 'Write to hello@acme.example any time.', true],
    ['contact_email', 'sales@acme.example', 'Write to hello@acme.example any time.', false],
    ['city', 'Lisbon', 'Our office is in Lisbon, Portugal.', true],
    ['city', 'Porto', 'Our office is in Lisbon, Portugal.', false],
    ['city', 'Bern', 'We ship from Berne', false],
    ['country', 'PT', 'Our office is in Lisbon, Portugal.', true],
    ['country', 'DE', 'Our office is in Lisbon, Portugal.', false],
    ['country', 'DE', 'Wir sitzen in Berlin, Deutschland', true], // the name in the page's language
    ['country', 'ES', 'Nous sommes à Paris, France', false],
    ['stage', 'mvp', 'Lumen is in public beta.', true],
    ['stage', 'mvp', 'Jetzt im Frühzugang testen', true],
    ['stage', 'mvp', 'Alphabet soup for teams', false], // "alpha" only as a word
    ['stage', 'idea', 'Rejoignez la liste d\'attente', true],
    ['stage', 'launched', 'Version 1.0 est maintenant disponible', true],
    ['stage', 'idea', 'We are working on something.', false],
    ['pricing_model', 'freemium', 'Start on the free plan, upgrade any time.', true],
    ['pricing_model', 'freemium', 'Für immer kostenlos für kleine Teams', true],
    ['pricing_model', 'subscription', '12 € par mois, facturé annuellement', true],
    ['pricing_model', 'one-time', 'Pago único, licencia de por vida', true],
    ['pricing_model', 'open-source', 'Código abierto bajo licencia MIT', true],
    ['pricing_model', 'usage-based', 'Start on the free plan', false],
    ['demo_video_url', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ', true],
    ['demo_video_url', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/zzzzzzzzzzz', false],
    ['logo_url', 'https://acme.example/img/logo.png', '/img/logo.png', true],
    ['social', 'https://www.linkedin.com/company/acme', 'https://linkedin.com/company/acme/', true],
    ['social', 'https://www.linkedin.com/company/acme', 'https://linkedin.com/company/other', false],
    ['founder', 'Ana Ribeiro', 'Ana Ribeiro, Co-founder & CEO', true],
    ['founder', 'Ana Ribeiro', 'Lumen wurde 2019 von Ana Ribeiro gegründet.', true],
    ['founder', 'Ana Ribeiro', 'Ana Ribeiro, Head of Research at Lisbon University', false],
    ['founder', 'Ana Ribeiro', 'Tom Becker, founder', false],
  ])('%s = %s from "%s": %s', (field, value, quote, ok) => {
    expect(quoteSupportsValue(field, value, quote)).toBe(ok);
  });
});

describe('free text is made of its quotes\' own words', () => {
  const quotes = ['Lumen Notes is a note-taking app for research teams.', 'Write a note and Lumen finds the related notes, papers and highlights you already have.'];
  it.each([
    ['a faithful summary', 'Lumen Notes is a note-taking app that finds related notes, papers and highlights for research teams.', true],
    ['plural and tense variants', 'A note-taking app: write notes, find related papers and highlights.', true],
    ['a sentence sharing one keyword', 'Lumen is the AI-powered platform trusted by Fortune 500 enterprises worldwide.', false],
    ['an invented number', 'Lumen Notes finds related notes for 5000 research teams.', false],
    ['a claim beside the quoted one', 'Lumen Notes is a note-taking app for research teams with end-to-end encryption, SSO and HIPAA compliance.', false],
  ])('%s', (_name, value, ok) => {
    expect(supportingQuotes('description', value, quotes.map(q)).length > 0).toBe(ok);
  });

  it('keeps only the quotes that lend the value words', () => {
    const kept = supportingQuotes('tagline', 'A note-taking app for research teams', [...quotes, 'Pricing starts at $12'].map(q));
    expect(kept.map((e) => e.quote)).toEqual(quotes); // both lend words; the price lends none
  });

  it('folds accents and case, and ignores stop words in four languages', () => {
    expect(wordCoverage('Équipes de recherche', ['les equipes DE RECHERCHE'])).toBe(1);
    expect(wordCoverage('the notes of the team', ['team notes'])).toBe(1);
    expect(FREE_TEXT_MIN_COVERAGE).toBeGreaterThan(0.5);
  });
});

describe('whose words', () => {
  const page: PageEvidence = {
    url: 'https://acme.example/',
    text: 'Acme Notes\nAcme was founded in 2021 in Porto.\n"We have used it since 2015 and love it." Maria Silva, CEO at Globex, Lisbon\nTrusted by Globex and Initech',
    attributes: [],
    othersText: ['"We have used it since 2015 and love it." Maria Silva, CEO at Globex, Lisbon', 'Trusted by Globex and Initech'],
  };
  it.each([
    ['"We have used it since 2015 and love it."', true],
    ['Maria Silva, CEO at Globex', true],
    ['Acme was founded in 2021 in Porto.', false],
    ['Acme', false], // also in the company's own words
  ])('"%s" only in others\' words: %s', (quote, only) => {
    expect(onlyInOthersWords(quote, page)).toBe(only);
  });

  it('facts about the company cannot rest on others\' words; a stage may', () => {
    for (const f of ['founded_year', 'founder', 'city', 'country', 'social', 'contact_email', 'milestone', 'description', 'faq_answer']) expect(othersMayNotSupport(f)).toBe(true);
    expect(othersMayNotSupport('stage')).toBe(false);
  });

  it('a customer named next to a role inside a testimonial is not a founder', () => {
    expect(namedAsFounder('Maria Silva', 'Maria Silva, CEO at Globex')).toBe(true); // the words alone would say so…
    expect(founderOnPage('Maria Silva', [{ quote: 'Maria Silva, CEO at Globex', source: 'text' }], page)).toBe(false); // …the page says whose they are
    const own: PageEvidence = { ...page, text: `${page.text}\nOur team\nJoão Costa\nFounder & CEO` };
    expect(founderOnPage('João Costa', [{ quote: 'João Costa', source: 'text' }], own)).toBe(true);
  });
});

describe('an FAQ answer is the page\'s answer to that question', () => {
  const text = 'FAQ\nIs there a free plan?\nYes, the Free plan is free forever for one user.\nCan I export my notes?\nYes, to Markdown and PDF.\nContact';
  it.each([
    ['the answer under its question', 'Is there a free plan?', 'Yes, the Free plan is free forever for one user.', true],
    ['another question\'s answer', 'Is there a free plan?', 'Yes, to Markdown and PDF.', false],
    ['text before the question', 'Can I export my notes?', 'Yes, the Free plan is free forever for one user.', false],
    ['the question itself', 'Can I export my notes?', 'Can I export my notes?', false],
    ['a question the page does not ask', 'Do you offer refunds?', 'Yes, to Markdown and PDF.', false],
  ])('%s', (_n, question, quote, ok) => {
    expect(answersQuestion(question, quote, text)).toBe(ok);
  });
});
