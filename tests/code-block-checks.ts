import { load } from 'cheerio';
import { expect } from 'vitest';

// Every <pre> (and every box the site makes scroll sideways) must be a named tab stop: a region the
// keyboard can reach and scroll, whose name says what it holds. Returns the names, for further checks.
export function expectKeyboardReachableCode(html: string, page: string): string[] {
  const $ = load(html);
  const boxes = $('pre, .table-wrap').toArray();
  const names = boxes.map((el) => {
    const box = $(el);
    const what = `${page}: <${el.tagName}> ${box.text().slice(0, 60)}`;
    expect(box.attr('tabindex'), what).toBe('0');
    expect(box.attr('role'), what).toBe('region');
    const name = (box.attr('aria-label') ?? '').trim();
    expect(name.length, `${what} has a name`).toBeGreaterThan(3);
    return name;
  });
  // Regions are landmarks: two with the same name cannot be told apart in a landmark list.
  expect(names.filter((n, i) => names.indexOf(n) !== i), `${page}: duplicate region names`).toEqual([]);
  return names;
}
