import { describe, expect, it } from 'vitest';
import {
  CLAIM_TTL_DAYS, effectiveStatus, emailDomainProblem, emailLink, expiresAt, instructionsFor, methodProblem, txtMatches,
  type ClaimMethod,
} from './claims';

describe('methodProblem', () => {
  const cases: Array<[ClaimMethod, string, boolean]> = [
    ['dns', 'acme.com', true],
    ['email', 'acme.com', true],
    ['meta', 'acme.com', true],
    ['file', 'acme.com', true],
    ['dns', '127.0.0.1', false],
    ['email', '127.0.0.1', false],
    ['meta', '127.0.0.1', true],
    ['file', '127.0.0.1', true],
    ['dns', '[::1]', false],
    ['email', 'localhost', false],
  ];
  it.each(cases)('%s on %s applies: %s', (method, domain, applies) => {
    expect(methodProblem(method, domain) === null).toBe(applies);
  });
});

describe('emailDomainProblem', () => {
  const cases: Array<[string, string, boolean]> = [
    ['ada@acme.com', 'acme.com', true],
    ['Ada@ACME.com', 'acme.com', true],
    ['ada@www.acme.com', 'acme.com', true],
    ['ada@acme.com', 'www.acme.com', true],
    ['ada@team.acme.com', 'acme.com', true],
    ['ada@acme.com.', 'acme.com', true],
    ['ada@acme.com', 'app.acme.com', false],
    ['ada@notacme.com', 'acme.com', false],
    ['ada@acme.com.evil.io', 'acme.com', false],
    ['ada@gmail.com', 'acme.com', false],
    ['no-at-sign', 'acme.com', false],
  ];
  it.each(cases)('%s for %s is accepted: %s', (email, domain, ok) => {
    expect(emailDomainProblem(email, domain) === null).toBe(ok);
  });
});

describe('expiry', () => {
  const created = new Date('2026-11-18T12:00:00Z');
  const exp = expiresAt(created).toISOString();
  it(`lasts ${CLAIM_TTL_DAYS} days`, () => expect(exp).toBe('2026-11-25T12:00:00.000Z'));
  const cases: Array<[string, string, string]> = [
    ['pending', '2026-11-25T11:59:59Z', 'pending'],
    ['pending', '2026-11-25T12:00:00Z', 'expired'],
    ['verified', '2027-01-01T00:00:00Z', 'verified'],
    ['failed', '2027-01-01T00:00:00Z', 'failed'],
  ];
  it.each(cases)('%s at %s reads as %s', (status, now, expected) => {
    expect(effectiveStatus(status as 'pending', exp, new Date(now))).toBe(expected);
  });
});

describe('instructionsFor', () => {
  const base = { token: 'tok_123', domain: 'acme.com', websiteUrl: 'https://www.acme.com/', email: null, expiresAt: '2026-11-25T12:00:00.000Z' };
  it('dns: the TXT record name and value', () => {
    const i = instructionsFor({ ...base, method: 'dns' });
    expect(i.dns_record).toEqual({ type: 'TXT', name: '_launchdirectory.acme.com', value: 'launchdirectory-verify=tok_123' });
    expect(i.meta_tag ?? i.file ?? i.email).toBeNull();
    expect(i.text).toContain('_launchdirectory.acme.com');
  });
  it('meta: the exact tag on the homepage', () => {
    const i = instructionsFor({ ...base, method: 'meta' });
    expect(i.meta_tag).toEqual({ html: '<meta name="launchdirectory-verify" content="tok_123">', page_url: 'https://www.acme.com/' });
  });
  it('file: the well-known URL on the website origin, containing the token', () => {
    expect(instructionsFor({ ...base, method: 'file' }).file).toEqual({ url: 'https://www.acme.com/.well-known/launchdirectory-verify.txt', contents: 'tok_123' });
    expect(instructionsFor({ ...base, websiteUrl: 'http://127.0.0.1:8080/app', method: 'file' }).file!.url).toBe('http://127.0.0.1:8080/.well-known/launchdirectory-verify.txt');
  });
  it('email: names the address and never the token', () => {
    const i = instructionsFor({ ...base, method: 'email', email: 'ada@acme.com' });
    expect(i.email).toEqual({ sent_to: 'ada@acme.com' });
    expect(JSON.stringify(i)).not.toContain('tok_123');
    expect(i.text).toContain('We e-mailed a link to ada@acme.com');
  });
  it('builds the e-mailed link on the site', () => {
    expect(emailLink('https://dir.example/', 'abc')).toBe('https://dir.example/claims/email/abc');
  });
});

describe('txtMatches', () => {
  const cases: Array<[string[], boolean]> = [
    [['launchdirectory-verify=tok'], true],
    [['v=spf1 -all', ' launchdirectory-verify=tok '], true],
    [['launchdirectory-verify=other'], false],
    [['launchdirectory-verify=tok2'], false],
    [[], false],
  ];
  it.each(cases)('%j matches: %s', (records, ok) => expect(txtMatches(records, 'tok')).toBe(ok));
});
