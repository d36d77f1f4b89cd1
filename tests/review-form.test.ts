import { describe, expect, it } from 'vitest';
import { inputIdFor, parseAction, reviewPatch, type Form } from '../site/submit/review-form';
import type { DraftView } from '../tools/drafts/draft-view';

// The review screen posts every input; update_draft must receive only what the person changed, so untouched
// AI values keep their state and evidence. Table-driven: a posted form → the body sent to update_draft.

const field = (value: string | string[] | null, state = 'ai') => ({ value, state, evidence: [], locked: false }) as never;
const draft = {
  fields: { name: field('Lanternly'), tagline: field('Status pages'), city: field(null, 'not_found'), features: field(['Status page', 'Checks']) },
  faqs: [{ question: 'Own domain?', answer: 'Yes.', evidence: [] }],
  founders: [{ name: 'Mara Voss', title: 'CEO', bio: null, socials: {}, joined: false, evidence: [], social_evidence: {} }],
  milestones: [],
  company_socials: { x: 'https://x.com/lanternly' },
  founder_socials: {},
  competitor_url: null,
  seo: { title: null, meta: null, evidence: [] },
} as unknown as DraftView;

const untouched: Form = {
  'f.name': 'Lanternly', 'f.tagline': 'Status pages', 'f.city': '', 'f.features': 'Status page\r\nChecks\r\n',
  'faqs.present': '1', 'faq.0.question': 'Own domain?', 'faq.0.answer': 'Yes.', 'faq.1.question': '', 'faq.1.answer': '',
  'founders.present': '1', 'founder.0.name': 'Mara Voss', 'founder.0.title': 'CEO', 'founder.0.bio': '', 'founder.1.name': '',
  'socials.present': '1', 'social.x': 'https://x.com/lanternly', 'social.github': '',
  'milestones.present': '1', 'milestone.0.date': '', 'milestone.0.title': '',
  competitor_url: '', 'seo.title': '', 'seo.meta': '',
};

describe('reviewPatch', () => {
  it.each<[string, Form, object]>([
    ['nothing changed (CRLF and trailing spaces do not count)', { ...untouched, 'f.tagline': 'Status pages  ' }, {}],
    ['a typed value', { ...untouched, 'f.tagline': 'Hosted status pages' }, { fields: { tagline: 'Hosted status pages' } }],
    ['a value filled where the site said nothing', { ...untouched, 'f.city': 'Hamburg' }, { fields: { city: 'Hamburg' } }],
    ['a cleared value is removed', { ...untouched, 'f.tagline': '   ' }, { fields: { tagline: null } }],
    ['a list, one item per line', { ...untouched, 'f.features': 'Status page\n\nChecks\nSMS' }, { fields: { features: ['Status page', 'Checks', 'SMS'] } }],
    ['lock', { ...untouched, action: 'lock:name' }, { lock_fields: ['name'] }],
    ['delete', { ...untouched, action: 'delete:tagline' }, { fields: { tagline: null } }],
    ['restore drops what was typed into that field', { ...untouched, 'f.tagline': 'typed', action: 'restore:tagline' }, { restore: ['tagline'] }],
    ['redraft keeps other edits', { ...untouched, 'f.city': 'Kiel', action: 'regenerate:tagline' }, { fields: { city: 'Kiel' }, regenerate: ['tagline'] }],
    ['an unknown action is ignored', { ...untouched, action: 'drop:everything' }, {}],
    ['an FAQ added in the blank row', { ...untouched, 'faq.1.question': 'API?', 'faq.1.answer': 'Yes, REST.' },
      { faqs: [{ question: 'Own domain?', answer: 'Yes.' }, { question: 'API?', answer: 'Yes, REST.' }] }],
    ['an FAQ removed', { ...untouched, 'faq.0.remove': '1' }, { faqs: [] }],
    ['a founder added', { ...untouched, 'founder.1.name': 'Tobias Erdmann', 'founder.1.title': 'CTO' },
      { founders: [{ name: 'Mara Voss', title: 'CEO', bio: null }, { name: 'Tobias Erdmann', title: 'CTO', bio: null }] }],
    ['a social link added', { ...untouched, 'social.github': 'https://github.com/lanternly' },
      { company_socials: { x: 'https://x.com/lanternly', github: 'https://github.com/lanternly' } }],
    ['a milestone added', { ...untouched, 'milestone.0.date': '2024-03-05', 'milestone.0.title': 'SMS updates' },
      { milestones: [{ date: '2024-03-05', title: 'SMS updates', description: null, url: null }] }],
    ['SEO texts', { ...untouched, 'seo.title': 'Lanternly status pages' }, { seo: { title: 'Lanternly status pages' } }],
    ['a section the page did not post is left alone', { 'f.name': 'Lanternly' }, {}],
  ])('%s', (_, form, expected) => {
    expect(reviewPatch(form, draft)).toEqual(expected);
  });
});

describe('parseAction and inputIdFor', () => {
  it.each([
    ['lock:name', { verb: 'lock', field: 'name' }], ['regenerate:usps', { verb: 'regenerate', field: 'usps' }],
    ['save', null], ['lock:password', null], ['lock:name;drop', null], [undefined, null],
  ])('%j → %j', (raw, expected) => expect(parseAction(raw)).toEqual(expected));

  it.each([
    ['fields.tagline', 'f-tagline'], ['faqs.2.answer', 'faq-2-answer'], ['founders.0', 'founder-0-name'],
    ['milestones.1.url', 'milestone-1-url'], ['company_socials.x', 'social-x'], ['founder_socials.github', 'fsocial-github'],
    ['seo.meta', 'seo-meta'], ['competitor_url', 'competitor-url'],
  ])('%s → #%s', (path, id) => expect(inputIdFor(path)).toBe(id));
});
