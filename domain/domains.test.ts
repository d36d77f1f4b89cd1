import { describe, expect, it } from 'vitest';
import { normaliseDomain } from './domains';

describe('normaliseDomain', () => {
  it.each([
    ['notion.so', 'notion.so'],
    ['https://www.notion.so/', 'notion.so'],
    ['http://Notion.so/product?x=1', 'notion.so'],
    ['WWW.EXAMPLE.COM.', 'example.com'],
    ['app.example.com:8443/path', 'app.example.com'],
    ['   ', null],
    ['http://', null],
  ])('%s → %s', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected);
  });
});
