import { describe, expect, it } from 'vitest';
import { foundedYears, foundersInProse } from './prose-facts';

describe('facts stated in prose', () => {
  it.each([
    ['Lumen was founded in 2019 in Lisbon.', ['2019']],
    ['Founded 2021, we help bakeries plan shifts.', ['2021']],
    ['Feldpost wurde 2018 von Jonas Weber und Lea Hoffmann in Leipzig gegründet.', ['2018']],
    ['Gegründet 2016 in Köln.', ['2016']],
    ['La société a été fondée en 2017 à Lyon.', ['2017']],
    ['Empresa fundada en 2015 en Valencia.', ['2015']],
    ['Serving teams since 2014.', ['2014']],
    ["We started Parcelhop in 2023 after running deliveries.", ['2023']],
    ['Seit 2012 im Einsatz.', ['2012']],
    ['We have 2019 customers and 42 integrations.', []],
    ['Founded by people who love bread.', []],
    ['Version 2.0 shipped in 2025; pricing from $2019 a year.', []],
  ])('%s → %j', (text, years) => expect(foundedYears(text).map((m) => m.year)).toEqual(years));

  it.each([
    ['Acme was founded in 2019 by Ana Ruiz and Tom Berg.', [['Ana Ruiz', null], ['Tom Berg', null]]],
    ['Feldpost wurde 2018 von Jonas Weber und Lea Hoffmann in Leipzig gegründet.', [['Jonas Weber', null], ['Lea Hoffmann', null]]],
    ['Atelier a été fondée par Claire Martin et Hugo Petit.', [['Claire Martin', null], ['Hugo Petit', null]]],
    ['Started by Maria de la Cruz, a former nurse.', [['Maria de la Cruz', null]]],
    ['Jonas Weber ist Mitgründer und Geschäftsführer.', [['Jonas Weber', 'Mitgründer und Geschäftsführer']]],
    ['Ana Ruiz, our co-founder and CEO, writes every release note.', [['Ana Ruiz', 'co-founder and CEO']]],
    ['Our founders love hiking.', []],
    ['Founded in 2020. By Friday you will have a plan.', []],
  ] as const)('%s', (text, expected) => {
    expect(foundersInProse(text).map((f) => [f.name, f.title])).toEqual(expected);
  });

  it('stays linear on hostile text', () => {
    const evil = `${'Founded by Aaaa '.repeat(20_000)}x`;
    expect(foundersInProse(evil).length).toBeGreaterThan(0);
    expect(foundedYears('since '.repeat(50_000)).length).toBe(0);
  });
});
