import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, parseCsvTable } from './csv';

describe('parseCsv', () => {
  const cases: [string, string, string[][]][] = [
    ['simple rows', 'a,b\n1,2\n', [['a', 'b'], ['1', '2']]],
    ['no trailing newline', 'a,b\n1,2', [['a', 'b'], ['1', '2']]],
    ['CRLF line endings', 'a,b\r\n1,2\r\n', [['a', 'b'], ['1', '2']]],
    ['old Mac CR endings', 'a\r1\r', [['a'], ['1']]],
    ['quoted comma', '"x, y",2', [['x, y', '2']]],
    ['doubled quote', '"say ""hi""",z', [['say "hi"', 'z']]],
    ['newline inside quotes', '"two\nlines",b', [['two\nlines', 'b']]],
    ['empty fields', ',,\n', [['', '', '']]],
    ['blank lines are skipped', 'a\n\n\nb\n', [['a'], ['b']]],
    ['a lone empty quoted field is a record', '""\n', [['']]],
    ['byte order mark', '\uFEFFdomain,rating\n', [['domain', 'rating']]],
    ['quote inside an unquoted field is literal', 'ab"c,d', [['ab"c', 'd']]],
    ['empty input', '', []],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(parseCsv(input).map((r) => r.fields)).toEqual(expected);
  });

  it('reports the physical line where each record starts', () => {
    expect(parseCsv('h\n"a\nb"\nc\n').map((r) => r.line)).toEqual([1, 2, 4]);
  });

  const bad: [string, string, RegExp][] = [
    ['unclosed quote', 'a\n"open,1\n', /line 2: a quoted field is never closed/],
    ['text after a closing quote', '"a"b,c', /line 1: unexpected text after a closing quote/],
  ];
  it.each(bad)('rejects %s', (_name, input, message) => {
    expect(() => parseCsv(input)).toThrow(message);
    expect(() => parseCsv(input)).toThrow(CsvError);
  });
});

describe('parseCsvTable', () => {
  it('keys records by lower-cased trimmed header names and trims values', () => {
    const t = parseCsvTable(' Domain , Rating,date\n example.com , 42 ,2026-01-05\nfoo.io,7\n');
    expect(t.columns).toEqual(['domain', 'rating', 'date']);
    expect(t.records).toEqual([
      { line: 2, values: { domain: 'example.com', rating: '42', date: '2026-01-05' } },
      { line: 3, values: { domain: 'foo.io', rating: '7', date: '' } },
    ]);
  });

  const bad: [string, string, RegExp][] = [
    ['an empty file', '', /empty/],
    ['a duplicate column', 'a,A\n1,2', /appears twice/],
    ['an unnamed column', 'a,,c\n', /column 2 has no name/],
    ['a record wider than the header', 'a,b\n1,2,3\n', /line 2: 3 fields but the header has 2 columns/],
  ];
  it.each(bad)('rejects %s', (_name, input, message) => {
    expect(() => parseCsvTable(input)).toThrow(message);
  });
});
