import { describe, expect, it } from 'vitest';
import { emailAddress, isPersonName, isPlaceName, milestoneDate, plainText, plausibleYear, socialUrl, withinBound } from './value-clean';

const now = new Date('2026-06-01T00:00:00Z');

describe('values are clean', () => {
  it.each([
    ['<b>Lumen</b> Notes', 'Lumen Notes'],
    ['Visit <a href="https://x.example">our site</a> today', 'Visit our site today'],
    ['**Fast** and _simple_ notes', 'Fast and simple notes'],
    ['[Lumen](https://lumen.example) &amp; friends', 'Lumen & friends'],
    ['# Heading\n- item one\n- item two', 'Heading item one item two'],
    ['  spaced\t\tout \u00a0 text ', 'spaced out text'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;Notes', 'alert(1) Notes'],
    ['snake_case_name stays', 'snake_case_name stays'],
  ])('%j → %j', (raw, clean) => {
    expect(plainText(raw)).toBe(clean);
  });

  it('keeps paragraphs in multi-line text', () => {
    expect(plainText('One.\n\n\n\nTwo <i>too</i>.', true)).toBe('One.\n\nTwo too.');
  });

  it.each([
    ['Short enough.', 20, 'Short enough.'],
    ['First sentence here. Second sentence is long.', 30, 'First sentence here.'],
    ['one two three four five six seven', 20, 'one two three four'],
    ['Supercalifragilisticexpialidocious', 10, null],
  ])('%j within %d → %j', (s, max, out) => {
    const r = withinBound(s, max);
    expect(r).toBe(out);
    if (r) expect(r.length).toBeLessThanOrEqual(max);
  });

  it.each([
    ['Lisbon', true], ['São Paulo', true], ['Frankfurt am Main', true], ['hello@acme.example', false],
    ['We are based in Lisbon. Come visit!', false], ['10115 Berlin', false], ['', false],
  ])('place name %j: %s', (s, ok) => expect(isPlaceName(s)).toBe(ok));

  it.each([
    ['Ana Ribeiro', true], ['Jan van der Berg', true], ['María José García', true], ['Ana', false],
    ['Our founders built this in a garage', false], ['Founded by Ana and Tom', false], ['Ana Ribeiro (CEO)', false], ['acme team', false],
  ])('person name %j: %s', (s, ok) => expect(isPersonName(s)).toBe(ok));

  it.each([
    ['2019', '2019'], ['2026', '2026'], ['2027', null], ['1799', null], ['19', null], ['2019a', null],
  ])('year %j → %j (clock 2026)', (s, y) => expect(plausibleYear(s, now)).toBe(y));

  it.each([
    ['linkedin', 'https://www.linkedin.com/company/acme/', 'https://www.linkedin.com/company/acme'],
    ['x', 'https://twitter.com/acme', 'https://twitter.com/acme'],
    ['x', 'https://evil.example/twitter.com/acme', null],
    ['github', 'https://gitlab.com/acme', null],
    ['youtube', 'javascript:alert(1)', null],
    ['website', 'https://acme.example', 'https://acme.example'],
  ])('%s link %j → %j', (p, raw, out) => expect(socialUrl(p, raw)).toBe(out));

  it.each([
    ['mailto:Hello@Acme.example', 'hello@acme.example'], ['Lisbon', null], ['a b@c.de', null],
  ])('e-mail %j → %j', (s, out) => expect(emailAddress(s)).toBe(out));

  it.each([
    ['2024-03-15', '2024-03-15'], ['2024-03', '2024-03-01'], ['2024', '2024-01-01'], ['2027-01-01', null], ['2024-02-30', null], ['March 2024', null],
  ])('milestone date %j → %j', (s, out) => expect(milestoneDate(s, now)).toBe(out));
});
