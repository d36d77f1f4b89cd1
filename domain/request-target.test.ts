import { describe, expect, it } from 'vitest';
import { pathAndQueryOf } from './request-target';

describe('pathAndQueryOf', () => {
  it.each([
    ['http://127.0.0.1:8787/', '/'],
    ['http://localhost/listings/acme', '/listings/acme'],
    ['https://example.com/api/v1/listings?q=crm&page=2', '/api/v1/listings?q=crm&page=2'],
    ['http://example.com/search?next=http://other.example/x', '/search?next=http://other.example/x'],
    ['http://[::1]:3000/a//b?c', '/a//b?c'],
  ])('%s → %s', (url, out) => {
    expect(pathAndQueryOf(url)).toBe(out);
  });
});
