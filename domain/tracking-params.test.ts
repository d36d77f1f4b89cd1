import { describe, expect, it } from 'vitest';
import { addressWithoutTracking, isTrackingParam, withoutTracking } from './tracking-params';

describe('tracking parameters', () => {
  it.each([
    ['utm_source', true],
    ['utm_medium', true],
    ['UTM_Campaign', true],
    ['utm_content', true],
    ['utm_id', true],
    ['fbclid', true],
    ['gclid', true],
    ['msclkid', true],
    ['mc_eid', true],
    ['utm%5Fsource', true],
    ['q', false],
    ['page', false],
    ['section', false],
    ['notice', false],
    ['next', false],
    ['ref', false],
    ['utm', false],
    ['%E0%A4%A', false],
  ])('%s: %s', (name, tracking) => {
    expect(isTrackingParam(name)).toBe(tracking);
  });

  it.each([
    ['', ''],
    ['?', ''],
    ['?utm_source=newsletter&utm_medium=email', ''],
    ['?fbclid=IwAR0abc', ''],
    ['?q=crm&utm_source=x', '?q=crm'],
    ['?utm_source=x&q=crm+tools&page=2', '?q=crm+tools&page=2'],
    ['?section=trending&gclid=Cj0&page=3', '?section=trending&page=3'],
    ['?notice=voted', '?notice=voted'],
    ['?q=utm_source', '?q=utm_source'],
    ['?a&&utm_term=b&', '?a'],
    ['?flag', '?flag'],
  ])('%j without tracking: %j', (search, out) => {
    expect(withoutTracking(search)).toBe(out);
  });

  it.each([
    ['/listings/acme', '/listings/acme'],
    ['/listings/acme?utm_source=x', '/listings/acme'],
    ['/?fbclid=1&utm_campaign=launch', '/'],
    ['/search?q=ledger&utm_source=x', '/search?q=ledger'],
  ])('address %s → %s', (address, out) => {
    expect(addressWithoutTracking(address)).toBe(out);
  });
});
