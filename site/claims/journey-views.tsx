import type { Child } from 'hono/jsx';
import type { ClaimRecord } from '../../tools/claims/claim-record';
import type { ClaimMethod } from '../../domain/claims';
import { FILE_PATH, dnsRecordName, methodProblem } from '../../domain/claims';
import { AccountLayout, Csrf, FieldError } from '../account/ui';
import { CodeBlock } from '../code-block';
import { listingPath } from '../components';

// The pages of claiming a listing on the site: choose a method, see exactly what to publish, verify, see the
// outcome. They show what claim_listing, verify_claim and list_my_claims return; nothing here decides a claim.

export type ClaimTarget = { slug: string; name: string; url: string; domain: string };
export type ClaimFormErrors = { method?: string; email?: string; form?: string };

export const claimFormPath = (slug: string) => `${listingPath(slug)}/claim`;
export const claimPath = (id: number) => `/claims/${id}`;

// Instants as people read them, in UTC (the site has no idea of the reader's zone without script).
const at = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');

const METHODS: Array<{ method: ClaimMethod; title: (domain: string) => string; how: (t: ClaimTarget) => string }> = [
  { method: 'dns', title: () => 'DNS TXT record', how: (t) => `Add a TXT record named ${dnsRecordName(t.domain)}. For whoever manages the DNS of ${t.domain}; changes can take a while to appear.` },
  { method: 'meta', title: () => 'Meta tag on the homepage', how: (t) => `Put a <meta> tag in the <head> of ${t.url}.` },
  { method: 'file', title: () => 'File on the website', how: (t) => `Publish a small text file at ${new URL(t.url).origin}${FILE_PATH}.` },
  { method: 'email', title: (domain) => (domain ? `E-mail at ${domain}` : 'E-mail'), how: (t) => `We send a link to your work address at ${t.domain} (or a subdomain); opening it confirms the claim.` },
];

const methodTitle = (m: ClaimMethod, domain = '') => METHODS.find((x) => x.method === m)!.title(domain);

function Page(props: { siteName: string; title: string; children?: Child }) {
  return (
    <AccountLayout siteName={props.siteName} title={props.title}>
      <style>{'.form fieldset{border:1px solid var(--line);border-radius:8px;padding:.5rem 1rem}.form .choice label{display:inline;font-weight:600}.form .choice .hint{display:block;margin-left:1.6rem}.claim-record dd{margin:0 0 .75rem}.claim-record dt{font-weight:600}.form span.error{display:block;margin-top:.25rem}'}</style>
      <h1>{props.title}</h1>
      {props.children}
    </AccountLayout>
  );
}

export function ClaimFormPage(props: {
  siteName: string; csrf: string; listing: ClaimTarget; owner: boolean; pending: ClaimRecord[];
  values?: { method?: string; email?: string }; errors?: ClaimFormErrors;
}) {
  const { listing: l } = props;
  const errors = props.errors ?? {};
  const chosen = props.values?.method ?? '';
  const listing = <a href={listingPath(l.slug)}>{l.name}</a>;
  if (props.owner) {
    return (
      <Page siteName={props.siteName} title={`Claim ${l.name}`}>
        {errors.form ? <p class="error" id="claim-error" role="alert">{errors.form}</p> : null}
        <p>You are already an owner of {listing}: there is nothing to claim. Your listings are on <a href="/account">your account</a>.</p>
      </Page>
    );
  }
  return (
    <Page siteName={props.siteName} title={`Claim ${l.name}`}>
      <p>
        Claiming proves that you run {listing}'s website, <strong>{l.domain}</strong>. Once the proof is found you become an owner of the
        listing (you can edit it and post updates) and it shows the Verified badge. Verified is not paid: it only says the company confirmed it.
      </p>
      {props.pending.length ? (
        <section aria-labelledby="in-progress">
          <h2 id="in-progress">Your claims in progress</h2>
          <ul>{props.pending.map((c) => <li><a href={claimPath(c.claim_id)}>{`${methodTitle(c.method, l.domain)}, started ${at(c.created_at)}`}</a></li>)}</ul>
        </section>
      ) : null}
      <form method="post" action={claimFormPath(l.slug)} class="form" novalidate>
        <Csrf token={props.csrf} />
        <fieldset aria-describedby={errors.method ? 'method-error' : undefined}>
          <legend>How will you prove it?</legend>
          {METHODS.map((m) => {
            const unusable = methodProblem(m.method, l.domain);
            const id = `method-${m.method}`;
            return (
              <p class="choice">
                <input type="radio" name="method" id={id} value={m.method} checked={chosen === m.method} disabled={!!unusable}
                  aria-describedby={`${id}-hint`} />{' '}
                <label for={id}>{methodTitle(m.method, l.domain)}</label>
                <span class="hint small muted" id={`${id}-hint`}>{unusable ?? m.how(l)}</span>
              </p>
            );
          })}
          <FieldError id="method-error" message={errors.method} />
        </fieldset>
        {methodProblem('email', l.domain) ? null : <p>
          <label for="claim-email">{`Your work e-mail at ${l.domain}`} <span class="small muted">(only for the e-mail method)</span></label>
          <input type="email" id="claim-email" name="email" maxlength={254} autocomplete="email" value={props.values?.email ?? ''}
            aria-invalid={errors.email ? 'true' : undefined} aria-describedby={errors.email ? 'email-error' : undefined} />
          <FieldError id="email-error" message={errors.email} />
        </p>}
        <FieldError id="claim-error" message={errors.form} />
        <p><button type="submit">Start the claim</button></p>
      </form>
    </Page>
  );
}

// What to publish, in copyable blocks (each a named tab stop, so the keyboard can reach and select it).
function Instructions(props: { claim: ClaimRecord }) {
  const i = props.claim.instructions;
  if (i.dns_record) {
    return (
      <dl class="claim-record">
        <dt>Type</dt><dd><code>{i.dns_record.type}</code></dd>
        <dt>Name (host)</dt><dd><CodeBlock label="DNS record name">{i.dns_record.name}</CodeBlock></dd>
        <dt>Value</dt><dd><CodeBlock label="DNS record value">{i.dns_record.value}</CodeBlock></dd>
      </dl>
    );
  }
  if (i.meta_tag) {
    return (
      <>
        <p>Put this tag in the <code>&lt;head&gt;</code> of <a href={i.meta_tag.page_url} rel="noopener noreferrer">{i.meta_tag.page_url}</a>:</p>
        <CodeBlock label="Meta tag to add">{i.meta_tag.html}</CodeBlock>
      </>
    );
  }
  if (i.file) {
    return (
      <dl class="claim-record">
        <dt>Address of the file</dt><dd><CodeBlock label="File address">{i.file.url}</CodeBlock></dd>
        <dt>Contents (plain text)</dt><dd><CodeBlock label="File contents">{i.file.contents}</CodeBlock></dd>
      </dl>
    );
  }
  return null;
}

const Detail = (props: { claim: ClaimRecord }) =>
  props.claim.last_check_detail ? <p>{props.claim.last_check_detail}</p> : null;

export function ClaimPage(props: { siteName: string; csrf: string; claim: ClaimRecord; error?: string }) {
  const c = props.claim;
  const listing = <a href={listingPath(c.listing_slug)}>{c.listing_name}</a>;
  const allClaims = <p class="small"><a href="/claims">All your claims</a></p>;
  switch (c.status) {
    case 'verified':
      return (
        <Page siteName={props.siteName} title={`You are an owner of ${c.listing_name}`}>
          <p role="status">The claim is verified: you now own {listing}, and it shows the Verified badge.</p>
          <Detail claim={c} />
          <p><a class="button" href="/account">Go to your account</a> <a href={listingPath(c.listing_slug)}>See the listing</a></p>
          {allClaims}
        </Page>
      );
    case 'expired':
      return (
        <Page siteName={props.siteName} title="This claim has expired">
          {props.error ? <p class="error" role="alert">{props.error}</p> : null}
          <p>{`The claim of `}{listing}{` was not verified before ${at(c.expires_at)}.`}</p>
          <Detail claim={c} />
          <p><a class="button" href={claimFormPath(c.listing_slug)}>Start a new claim</a></p>
          {allClaims}
        </Page>
      );
    case 'failed':
      return (
        <Page siteName={props.siteName} title="This claim cannot be completed">
          <Detail claim={c} />
          {allClaims}
        </Page>
      );
    case 'pending':
      break;
  }
  if (c.method === 'email') {
    return (
      <Page siteName={props.siteName} title="Check your e-mail">
        <p>{`We sent a link to `}<strong>{c.instructions.email?.sent_to ?? c.email}</strong>{` to confirm the claim of `}{listing}.</p>
        <p>{`Open it and confirm before ${at(c.expires_at)}. The claim is verified as soon as the link is confirmed; this page then says so.`}</p>
        {props.error ? <p class="error" role="alert">{props.error}</p> : null}
        <p><a href={claimPath(c.claim_id)}>Check again</a></p>
        <p class="small muted">No e-mail? Look in the spam folder, or start a claim with another method on the <a href={claimFormPath(c.listing_slug)}>claim page</a>.</p>
        {allClaims}
      </Page>
    );
  }
  const checked = c.last_check_at !== null;
  return (
    <Page siteName={props.siteName} title={checked ? 'Not verified yet' : `Claim ${c.listing_name}: publish this`}>
      {checked ? (
        <section aria-labelledby="last-check" class="notice">
          <h2 id="last-check">{`What we found at ${at(c.last_check_at)}`}</h2>
          <p role="status">{c.last_check_detail ?? 'The proof was not found.'}</p>
          <p class="small">Fix what is published below and verify again. DNS changes can take a while to be visible.</p>
        </section>
      ) : null}
      <p>{`Method: ${methodTitle(c.method)}. Publish the following for `}{listing}{`, then press Verify now. Do it before ${at(c.expires_at)}.`}</p>
      <Instructions claim={c} />
      <form method="post" action={`${claimPath(c.claim_id)}/verify`} class="form">
        <Csrf token={props.csrf} />
        <FieldError id="verify-error" message={props.error} />
        <p><button type="submit" aria-describedby={props.error ? 'verify-error' : undefined}>Verify now</button></p>
      </form>
      <p class="small muted">You can leave this page and come back: it stays under <a href="/claims">your claims</a> until it expires.</p>
    </Page>
  );
}

export function ClaimsListPage(props: { siteName: string; claims: ClaimRecord[]; total: number }) {
  return (
    <Page siteName={props.siteName} title="Your claims">
      {props.claims.length ? (
        <table>
          <caption class="sr-only">Your claims, newest first</caption>
          <thead><tr><th scope="col">Listing</th><th scope="col">Method</th><th scope="col">Status</th><th scope="col">Started</th></tr></thead>
          <tbody>
            {props.claims.map((c) => (
              <tr>
                <th scope="row"><a href={claimPath(c.claim_id)}>{c.listing_name}</a></th>
                <td>{methodTitle(c.method, c.email?.split('@')[1])}</td>
                <td>{c.status}</td>
                <td>{at(c.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p>You have not claimed a listing yet. Open a listing you run and choose "Claim this listing".</p>}
      {props.total > props.claims.length ? <p class="small muted">{`Showing the newest ${props.claims.length} of ${props.total}.`}</p> : null}
    </Page>
  );
}

// On the listing page: the way in. Signed-out visitors are sent to sign in by the claim page itself, so the
// listing page stays the same for everyone (and cacheable).
export function ClaimLink(props: { slug: string; name: string }) {
  return (
    <section aria-labelledby="claim-listing">
      <h2 id="claim-listing">{`Do you run ${props.name}?`}</h2>
      <p class="small">Claim the listing to edit it, post updates and show the Verified badge.</p>
      <p><a href={claimFormPath(props.slug)}>Claim this listing</a></p>
    </section>
  );
}
