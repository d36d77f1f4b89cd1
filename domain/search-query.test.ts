import { describe, expect, it } from 'vitest';
import { VocabIndex } from './fuzzy';
import {
  buildMatchExpression, caseVariants, matchExpressionFor, MAX_QUERY_WORDS, planWords, quoteTerm, termCountChanges, textChangeCanAffect, textTerms, tokenise, typoBudget,
} from './search-query';

describe('tokenise', () => {
  it.each([
    ['Notion', ['notion']],
    ['  project   management ', ['project', 'management']],
    ['Café — crème', ['cafe', 'creme']],
    ['e-mail AND "x" OR y*', ['e', 'mail', 'and', 'x', 'or', 'y']],
    ['notes notes', ['notes']],
    ['!!!', []],
    ['', []],
  ])('%j → %j', (q, words) => expect(tokenise(q)).toEqual(words));
  it('keeps at most MAX_QUERY_WORDS words', () => {
    expect(tokenise('a b c d e f g h i j k l')).toHaveLength(MAX_QUERY_WORDS);
  });
});

describe('typoBudget', () => {
  it.each([
    ['ai', 0], ['crm', 1], ['note', 1], ['notes', 2], ['management', 2], ['web3', 0], ['2024', 0],
  ])('%s → %i', (word, budget) => expect(typoBudget(word)).toBe(budget));
});

describe('quoteTerm', () => {
  it.each([
    ['notion', '"notion"'],
    ['a"b', '"a""b"'],
    ['near', '"near"'],
  ])('%s → %s', (t, q) => expect(quoteTerm(t)).toBe(q));
});

const vocab = new VocabIndex([
  { term: 'notion', doc: 3 }, { term: 'project', doc: 5 }, { term: 'management', doc: 4 }, { term: 'note', doc: 2 },
]);

describe('planWords', () => {
  it('keeps known words, expands unknown ones, and prefixes the last word', () => {
    expect(planWords(['projct', 'managment'], vocab)).toEqual([
      { word: 'projct', terms: ['projct', 'project'], prefix: false },
      { word: 'managment', terms: ['managment', 'management'], prefix: true },
    ]);
    expect(planWords(['note', 'ai'], vocab)).toEqual([
      { word: 'note', terms: ['note'], prefix: false },
      { word: 'ai', terms: ['ai'], prefix: false },
    ]);
  });
});

describe('buildMatchExpression / matchExpressionFor', () => {
  it.each([
    ['notoin', '("notoin" OR "notion" OR "notoin"*)'],
    ['Notion', '("notion" OR "notion"*)'],
    ['projct managment', '("projct" OR "project") AND ("managment" OR "management" OR "managment"*)'],
    ['ai', '"ai"'],
    ['note OR x', '"note" AND "or" AND "x"'],
  ])('%s → %s', (q, expr) => expect(matchExpressionFor(q, vocab)).toBe(expr));
  it.each([[undefined], [''], ['  ,, ']])('%j has nothing to match (browse)', (q) => {
    expect(matchExpressionFor(q as string | undefined, vocab)).toBeNull();
  });
  it('builds nothing from no words', () => expect(buildMatchExpression([])).toBeNull());
});

describe('caseVariants', () => {
  it.each([
    ['de', ['DE', 'de', 'De', 'dE']],
    ['US', ['US', 'us', 'Us', 'uS']],
  ])('%s', (code, variants) => expect(caseVariants(code)).toEqual(variants));
});

describe('textTerms (the words the search index makes of a text)', () => {
  it.each<[string, string[]]>([
    ['Café Crème — 2.0 release!', ['cafe', 'creme', '2', '0', 'release']],
    ['["ledger","bakery"]', ['ledger', 'bakery']],
    ['Über Straße über', ['uber', 'straße']],
    ['', []],
  ])('%j → %j', (text, terms) => expect(textTerms(text)).toEqual(terms));
});

describe('textChangeCanAffect', () => {
  it.each([
    // [query words, terms the listing gained or lost, can the result change]
    [['analytics'], ['analytics'], true], // the word itself
    [['analitics'], ['analytics'], true], // within the typo budget (2 for long words)
    [['analitics'], ['analitic'], true], // a new term near the typo may become a candidate
    [['analitics'], ['analytix'], false], // three edits away
    [['crm'], ['cram'], true], // one typo for 3–4 letters
    [['crm'], ['crime'], false], // two away
    [['project', 'manag'], ['management'], true], // the last word is a prefix
    [['manag', 'project'], ['management'], false], // only the last word is
    [['ai'], ['aim'], false], // short words carry no typo; not the last-word prefix either (under 3 letters)
    [['web3'], ['web4'], false], // words with digits carry no typo
    [['invoicing'], ['edited', 'at', '1795660000000'], false], // an edited tagline of unrelated words
    [['invoicing'], ['tagline', 'invoices', 'invoicing'], true],
    [[], ['anything'], false], // a browse has no words
    [['notes'], [], false],
  ])('%j after %j → %s', (words, terms, affected) => expect(textChangeCanAffect(words, terms)).toBe(affected));
});

describe('termCountChanges (how many more or fewer listings hold each term)', () => {
  it.each<[string, Array<{ before: string; after: string }>, Record<string, number>]>([
    ['a listing added counts each of its terms once', [{ before: '', after: 'Bakery ledger, bakery' }], { bakery: 1, ledger: 1 }],
    ['a listing deleted takes each of its terms off', [{ before: 'Bakery ledger', after: '' }], { bakery: -1, ledger: -1 }],
    ['an edit moves only the terms it gained or lost', [{ before: 'Ledger for bakeries', after: 'Ledger for florists' }], { bakeries: -1, florists: 1 }],
    ['terms are folded as the index folds them', [{ before: 'Café', after: 'CAFE' }], {}],
    ['two listings trading a word leave its count', [{ before: 'kanban', after: 'payroll' }, { before: 'payroll', after: 'kanban' }], {}],
    ['two listings losing a word take two off', [{ before: 'kanban board', after: 'board' }, { before: 'kanban', after: '' }], { kanban: -2 }],
  ])('%s', (_, texts, expected) => {
    expect(Object.fromEntries(termCountChanges(texts))).toEqual(expected);
  });
});
