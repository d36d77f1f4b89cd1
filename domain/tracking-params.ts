// Query parameters that links carry for analytics, not for the page: campaign tags (utm_*) and the click ids that ad
// networks, social sites and mailing tools append. No page of the site reads them, so a page asked with only these is
// the page of its plain address: kept and sent as that page (site/kept-page.ts, transport/page-front.ts), and "Sign
// in" comes back to the plain address. A launch shared on social sites or in a newsletter is visited almost only
// through such links; treated as addresses of their own, every visit made the page again (a listing page 512–527 µs
// of CPU a visit at 100,000 listings, in process, against ~17 µs kept).
const CLICK_IDS = new Set([
  'fbclid', 'gclid', 'dclid', 'gbraid', 'wbraid', 'msclkid', 'twclid', 'ttclid', 'li_fat_id', 'igshid', 'yclid',
  'mc_cid', 'mc_eid', '_ga', '_gl',
]);

// Whether a query parameter, by its name as written (percent-encoded or not), is one of those.
export function isTrackingParam(rawName: string): boolean {
  let name = rawName.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    return false; // not a name any tool writes
  }
  name = name.toLowerCase();
  return name.startsWith('utm_') || CLICK_IDS.has(name);
}

// A query ('?…', or '') without its tracking parameters; the others are kept as written and in their order, and a
// query left empty is dropped with its '?'.
export function withoutTracking(search: string): string {
  if (search.length <= 1) return '';
  const kept = search.slice(1).split('&').filter((pair) => {
    if (pair === '') return false;
    const eq = pair.indexOf('=');
    return !isTrackingParam(eq < 0 ? pair : pair.slice(0, eq));
  });
  return kept.length ? `?${kept.join('&')}` : '';
}

// A request's path and query without its tracking parameters.
export function addressWithoutTracking(address: string): string {
  const q = address.indexOf('?');
  return q < 0 ? address : address.slice(0, q) + withoutTracking(address.slice(q));
}
