import { isIP } from 'node:net';

// Claim rules with no I/O: what a company publishes to prove it runs a listing's website, which methods
// fit which listing, whose e-mail address counts as the company's, and when a claim lapses.

export type ClaimMethod = 'dns' | 'meta' | 'file' | 'email';
export type ClaimStatus = 'pending' | 'verified' | 'expired' | 'failed';

export const CLAIM_TTL_DAYS = 7;
const DAY_MS = 86_400_000;

export const DNS_LABEL = '_launchdirectory';
export const VERIFY_NAME = 'launchdirectory-verify';
export const FILE_PATH = '/.well-known/launchdirectory-verify.txt';

export const dnsRecordName = (domain: string) => `${DNS_LABEL}.${domain}`;
export const dnsRecordValue = (token: string) => `${VERIFY_NAME}=${token}`;
export const metaTagHtml = (token: string) => `<meta name="${VERIFY_NAME}" content="${token}">`;
// The file lives on the listing's own origin (scheme and port as the listing's URL gives them).
export const fileUrl = (origin: string) => `${origin.replace(/\/+$/, '')}${FILE_PATH}`;
export const emailLink = (siteUrl: string, token: string) => `${siteUrl.replace(/\/+$/, '')}/claims/email/${token}`;

export function expiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + CLAIM_TTL_DAYS * DAY_MS);
}

// A pending claim past its expiry is expired whether or not the row has been updated yet.
export function effectiveStatus(status: ClaimStatus, expires: string, now: Date): ClaimStatus {
  return status === 'pending' && Date.parse(expires) <= now.getTime() ? 'expired' : status;
}

const bareHost = (host: string) => host.trim().toLowerCase().replace(/\.$/, '').replace(/^www\./, '');

// DNS and e-mail need a real domain name; a website addressed by IP has neither a zone nor mailboxes.
// Returns why the method cannot be used for this listing, or null when it can.
export function methodProblem(method: ClaimMethod, listingDomain: string): string | null {
  const host = bareHost(listingDomain).replace(/^\[|\]$/g, '');
  if ((method === 'dns' || method === 'email') && (isIP(host) || !host.includes('.'))) {
    return `The listing's website (${listingDomain}) has no domain name of its own, so ${method === 'dns' ? 'a DNS record' : 'an e-mail address'} cannot prove control of it. Use the meta or file method.`;
  }
  return null;
}

// The address must be at the listing's own domain (www. ignored) or at a subdomain of it: mail at
// team.acme.com is the company's, mail at acme.com for a listing on app.acme.com is not accepted,
// because the apex may belong to someone else than the product (hosting platforms, agencies).
export function emailDomainProblem(email: string, listingDomain: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return 'must be an e-mail address';
  const mailDomain = bareHost(email.slice(at + 1));
  const domain = bareHost(listingDomain);
  if (mailDomain === domain || mailDomain.endsWith(`.${domain}`)) return null;
  return `must be an address at the company's domain (${domain}), e.g. name@${domain}`;
}

export type ClaimInstructions = {
  text: string;
  dns_record: { type: 'TXT'; name: string; value: string } | null;
  meta_tag: { html: string; page_url: string } | null;
  file: { url: string; contents: string } | null;
  email: { sent_to: string } | null;
};

// Exactly what to publish. E-mail claims never reveal their token: the link is the proof of the mailbox.
export function instructionsFor(c: {
  method: ClaimMethod; token: string; domain: string; websiteUrl: string; email: string | null; expiresAt: string;
}): ClaimInstructions {
  const none = { dns_record: null, meta_tag: null, file: null, email: null };
  const until = `before ${c.expiresAt}`;
  const verify = `, then call verify_claim with this claim_id ${until}.`;
  switch (c.method) {
    case 'dns': {
      const record = { type: 'TXT' as const, name: dnsRecordName(c.domain), value: dnsRecordValue(c.token) };
      return { ...none, dns_record: record, text: `Add a DNS TXT record named ${record.name} with the value ${record.value}${verify}` };
    }
    case 'meta': {
      const tag = { html: metaTagHtml(c.token), page_url: c.websiteUrl };
      return { ...none, meta_tag: tag, text: `Put ${tag.html} in the <head> of ${tag.page_url}${verify}` };
    }
    case 'file': {
      const file = { url: fileUrl(new URL(c.websiteUrl).origin), contents: c.token };
      return { ...none, file, text: `Publish a plain text file at ${file.url} containing ${file.contents}${verify}` };
    }
    case 'email':
      return { ...none, email: { sent_to: c.email ?? '' }, text: `We e-mailed a link to ${c.email}. Open it and confirm ${until}; verify_claim is not used for e-mail claims.` };
  }
}

// A TXT record (its character-strings already joined) proves the claim when it is exactly the expected value.
export function txtMatches(records: string[], token: string): boolean {
  return records.some((r) => r.trim() === dnsRecordValue(token));
}
