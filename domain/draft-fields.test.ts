import { describe, expect, it } from 'vitest';
import {
  applyRebuild, applyRegenerated, completeness, editField, freshFields, fromBuild, lockField, restoreField,
  type DraftFieldRecord, type FieldValue,
} from './draft-fields';

const ev = [{ url: 'https://x.example/', quote: 'Notes that link themselves', source: 'text' as const }];
const aiRec = fromBuild({ value: 'Notes that link themselves', evidence: ev });
const emptyRec = fromBuild({ value: null, evidence: [] });
type Step = (r: DraftFieldRecord) => DraftFieldRecord;
const edit = (v: FieldValue): Step => (r) => editField(r, v);

describe('draft field states', () => {
  it.each<[string, DraftFieldRecord, Step[], FieldValue, string, boolean]>([
    // [case, start, steps, value, state, locked]
    ['build with a value', aiRec, [], 'Notes that link themselves', 'ai', false],
    ['build without a value', emptyRec, [], null, 'not_found', false],
    ['caller changes an AI value', aiRec, [edit('Linked notes')], 'Linked notes', 'edited', false],
    ['caller fills a blank', emptyRec, [edit('Linked notes')], 'Linked notes', 'manual', false],
    ['caller removes a value', aiRec, [edit(null)], null, 'deleted', false],
    ['empty string removes too', aiRec, [edit('  ')], null, 'deleted', false],
    ['re-typing the AI value is the AI\'s again', aiRec, [edit('X'), edit('Notes that link themselves')], 'Notes that link themselves', 'ai', false],
    ['lock keeps the value', aiRec, [lockField], 'Notes that link themselves', 'override', true],
    ['edit of a locked field stays override', aiRec, [lockField, edit('Mine')], 'Mine', 'override', true],
    ['locked blank', emptyRec, [lockField], null, 'override', true],
    ['restore after an edit', aiRec, [edit('Mine'), restoreField], 'Notes that link themselves', 'ai', false],
    ['restore unlocks', aiRec, [edit('Mine'), lockField, restoreField], 'Notes that link themselves', 'ai', false],
    ['restore of a manual value', emptyRec, [edit('Mine'), restoreField], null, 'not_found', false],
    ['regenerate replaces an edit', aiRec, [edit('Mine'), (r) => applyRegenerated(r, { value: 'New', evidence: ev })], 'New', 'ai', false],
    ['regenerate skips a locked field', aiRec, [edit('Mine'), lockField, (r) => applyRegenerated(r, { value: 'New', evidence: ev })], 'Mine', 'override', true],
    ['regenerate may find nothing', aiRec, [(r) => applyRegenerated(r, { value: null, evidence: [] })], null, 'not_found', false],
    ['rebuild keeps an edit', aiRec, [edit('Mine'), (r) => applyRebuild(r, { value: 'New', evidence: ev })], 'Mine', 'edited', false],
    ['rebuild keeps a deletion', aiRec, [edit(null), (r) => applyRebuild(r, { value: 'New', evidence: ev })], null, 'deleted', false],
    ['rebuild refreshes an AI value', aiRec, [(r) => applyRebuild(r, { value: 'New', evidence: ev })], 'New', 'ai', false],
    ['lists are values too', fromBuild({ value: ['a', 'b'], evidence: ev }), [edit(['a'])], ['a'], 'edited', false],
    ['an empty list is removal', fromBuild({ value: ['a'], evidence: ev }), [edit([])], null, 'deleted', false],
  ])('%s', (_name, start, steps, value, state, locked) => {
    const end = steps.reduce((r, step) => step(r), start);
    expect(end.value).toEqual(value);
    expect(end.state).toBe(state);
    expect(end.locked).toBe(locked);
  });

  it('keeps the AI value for restore and drops evidence from typed values', () => {
    const edited = editField(aiRec, 'Mine');
    expect(edited.ai_value).toBe('Notes that link themselves');
    expect(edited.evidence).toEqual([]);
    expect(restoreField(edited).evidence).toEqual(ev);
    expect(applyRebuild(edited, { value: 'New', evidence: ev }).ai_value).toBe('New');
  });
});

describe('completeness', () => {
  it.each([
    ['nothing', {}, [], [], {}, 0],
    ['core facts', { name: 'Lumen', description: 'About it', categories: ['Productivity'] }, [], [], {}, 27],
    ['everything', {
      name: 'a', tagline: 'a', short_description: 'a', description: 'a', stage: 'mvp', pricing_model: 'free', pricing_summary: 'a',
      country: 'PT', city: 'a', founded_year: '2019', contact_email: 'a@b.c', demo_video_url: 'a', logo_url: 'a',
      categories: ['a'], tags: ['a'], features: ['a'], usps: ['a'], keywords: ['a'],
    }, [{}], [{}], { x: 'https://x.com/a' }, 100],
  ])('%s', (_n, values, faqs, founders, socials, percent) => {
    const fields = freshFields(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v as FieldValue, evidence: [] }])));
    const c = completeness({ fields, faqs, founders, company_socials: socials as Record<string, string> });
    expect(c.percent).toBe(percent);
    if (percent < 100) expect(c.missing[0]).toBe(percent === 0 ? 'name' : 'tagline');
    else expect(c.missing).toEqual([]);
  });
});
