import { formatDate, listingPath } from '../components';
import { Csrf, FieldError } from './ui';
import { hostOf } from '../safe-url';
import { formatUsd } from '../../domain/money';

// The account page's lists of my things, each as the tools return them (list_my_drafts, list_my_listings,
// list_my_orders, list_my_claims), with the next thing to do for each row.

export type MyDraft = { id: string; url: string; name: string | null; status: string; failure_reason: string | null; completeness: number; listing_id: number | null; updated_at: string; progress: { percent: number } };
export type MyListing = { listing_id: number; slug: string; name: string; status: string; plan: string | null; launch_week: string | null; page_url: string };
export type MyOrder = { number: string; status: string; created_at: string; paid_at: string | null; products: string[]; total_cents: number; checkout_url?: string };
export type MyClaim = { claim_id: number; listing_slug: string; listing_name: string; method: string; status: string; created_at?: string };

const DRAFT_STATUS: Record<string, string> = { crawling: 'Being drafted', drafting: 'Being drafted', ready: 'Ready to review', failed: 'Could not be built' };
const LISTING_STATUS: Record<string, string> = {
  draft: 'Draft', submitted: 'Submitted: choose how to launch', awaiting_badge: 'Free launch: waiting for the badge', scheduled: 'Scheduled', live: 'Live', rejected: 'Rejected',
};
const ORDER_STATUS: Record<string, string> = { pending: 'Awaiting payment', paid: 'Paid', fulfilled: 'Paid and delivered', cancelled: 'Cancelled', refunded: 'Refunded' };


export function DraftsSection(p: { drafts: MyDraft[] }) {
  return (
    <section class="account-section" aria-labelledby="drafts">
      <h2 id="drafts">My drafts</h2>
      {p.drafts.length ? (
        <table class="stack">
          <thead><tr><th>Product</th><th>Status</th><th>Complete</th><th>Updated</th></tr></thead>
          <tbody>
            {p.drafts.map((d) => (
              <tr>
                <td data-label="Product"><a href={`/drafts/${d.id}`}>{d.name ?? hostOf(d.url)}</a></td>
                <td data-label="Status" class="status">{d.listing_id !== null ? 'Submitted' : DRAFT_STATUS[d.status] ?? d.status}{d.status === 'crawling' || d.status === 'drafting' ? ` (${d.progress.percent} %)` : ''}</td>
                <td data-label="Complete">{d.status === 'ready' ? `${d.completeness} %` : '—'}</td>
                <td data-label="Updated">{formatDate(d.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p class="muted">No drafts yet. <a href="/submit">Submit a product</a>: paste its website and we draft the listing.</p>}
    </section>
  );
}

export function ListingsSection(p: { listings: MyListing[]; draftOf: Map<number, string>; claims: MyClaim[] }) {
  const claimsOf = (slug: string) => p.claims.filter((c) => c.listing_slug === slug);
  return (
    <section class="account-section" aria-labelledby="listings">
      <h2 id="listings">My listings</h2>
      {p.listings.length ? (
        <table class="stack">
          <thead><tr><th>Listing</th><th>Status</th><th>Launch week</th><th>Claims</th><th><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {p.listings.map((l) => {
              const draft = p.draftOf.get(l.listing_id);
              const claims = claimsOf(l.slug);
              return (
                <tr>
                  <td data-label="Listing">{l.status === 'live' || l.status === 'scheduled' ? <a href={listingPath(l.slug)}>{l.name}</a> : l.name}</td>
                  <td data-label="Status" class="status">{LISTING_STATUS[l.status] ?? l.status}{l.plan ? ` · ${l.plan} plan` : ''}</td>
                  <td data-label="Launch week">{l.launch_week ? formatDate(l.launch_week) : '—'}</td>
                  <td data-label="Claims">{claims.length ? claims.map((c) => `${c.method}: ${c.status}`).join(', ') : '—'}</td>
                  <td>
                    <a href={draft ? `/drafts/${draft}` : `/account/listings/${l.listing_id}/edit`} aria-label={`Edit ${l.name}`}>Edit</a>
                    {draft && (l.status === 'submitted' || l.status === 'awaiting_badge') ? <> · <a href={`/drafts/${draft}/launch`} aria-label={`Launch ${l.name}`}>Launch</a></> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : <p class="muted">No listings yet. A submitted draft becomes a listing; you can also claim a listing of your company from its page.</p>}
    </section>
  );
}

export function ClaimsSection(p: { claims: MyClaim[] }) {
  return (
    <section class="account-section" aria-labelledby="claims">
      <h2 id="claims">My claims</h2>
      {p.claims.length ? (
        <ul class="plain">
          {p.claims.map((c) => (
            <li><span class="grow"><a href={listingPath(c.listing_slug)}>{c.listing_name}</a> <span class="muted small">by {c.method}</span></span> <span class="status">{c.status}</span></li>
          ))}
        </ul>
      ) : <p class="muted">No claims. If your company's product is listed, open its page and choose “Claim this listing”.</p>}
    </section>
  );
}

export function OrdersSection(p: { orders: MyOrder[] }) {
  return (
    <section class="account-section" aria-labelledby="orders">
      <h2 id="orders">My orders</h2>
      {p.orders.length ? (
        <table class="stack">
          <thead><tr><th>Order</th><th>Status</th><th>Total</th><th>Date</th></tr></thead>
          <tbody>
            {p.orders.map((o) => (
              <tr>
                <td data-label="Order"><a href={`/account/orders/${encodeURIComponent(o.number)}`} aria-label={`Receipt of order ${o.number}`}>{o.number}</a></td>
                <td data-label="Status" class="status">{ORDER_STATUS[o.status] ?? o.status}{o.checkout_url ? <> · <a href={new URL(o.checkout_url).pathname}>Pay</a></> : null}</td>
                <td data-label="Total">{formatUsd(o.total_cents)}</td>
                <td data-label="Date">{formatDate(o.paid_at ?? o.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p class="muted">No orders.</p>}
    </section>
  );
}

export function ProfileSection(p: { csrf: string; email: string; name: string | null; error?: string; saved?: boolean }) {
  return (
    <section class="account-section" aria-labelledby="profile">
      <h2 id="profile">Profile</h2>
      <form method="post" action="/account/profile" class="form">
        <Csrf token={p.csrf} />
        <p>E-mail: <strong>{p.email}</strong></p>
        <p>
          <label for="profile-name">Display name</label>
          <input id="profile-name" name="name" type="text" autocomplete="name" maxlength={100} value={p.name ?? ''} aria-describedby="profile-name-error" />
          <FieldError id="profile-name-error" message={p.error} />
        </p>
        {p.saved ? <p role="status" class="ok">Saved.</p> : null}
        <p><button type="submit">Save profile</button></p>
      </form>
    </section>
  );
}
