// Pure validation and pricing of order items against the products, the caller's listings and the bookable
// weeks. quote_order and create_checkout share it, so a quote that passes is exactly an order that can be made.
// Every failing rule becomes one problem naming the item and field (items.N.field).

export type Problem = { path: string; message: string };

export type OptionSpec = { type: string; description: string; enum?: string[] };
export type ProductInfo = {
  code: string; name: string; priceCents: number; needsListing: boolean;
  weekRule: 'optional' | 'required' | 'none';
  options: { description: string; properties: Record<string, OptionSpec> } | null;
};
export type ListingInfo = {
  id: number; status: string; plan: 'free' | 'paid' | null; featured: boolean;
  categoryIds: number[]; // primary and extra
  extraCount: number; // non-primary categories it already has
};
export type OrderItem = {
  product: string; listing_id?: number; week?: string; amount_cents?: number; categories?: string[];
  options?: Record<string, unknown>;
};
export type RuleContext = {
  products: ReadonlyMap<string, ProductInfo>; // active products only
  listings: ReadonlyMap<number, ListingInfo>; // the caller's own listings among those named
  categories: ReadonlyMap<string, number>; // slug → id, for the slugs named
  weeks: ReadonlyMap<string, number>; // bookable week → paid slots left
  billboardMinCents: number;
};
export type PricedLine = {
  position: number; product: string; name: string; listingId: number | null; week: string | null;
  amountCents: number | null; categories: string[] | null; options: Record<string, unknown> | null; priceCents: number;
};
export type RuleResult =
  | { ok: true; lines: PricedLine[] }
  | { ok: false; kind: 'invalid' | 'not_found'; problems: Problem[] };

export const MAX_EXTRA_CATEGORIES = 3;
const LAUNCHES = new Set(['launch', 'launch_bundle', 'skip_queue']); // each sets the listing's launch; one per listing
const ONCE_PER_LISTING = new Set(['featured', 'done_for_you', 'ai_review', 'relaunch']);
const OPTION_TEXT_MAX = 2000;

type Check = { at: string; problems: Problem[] };
const fail = (c: Check, field: string, message: string): void => {
  c.problems.push({ path: `${c.at}.${field}`, message });
};

export function checkOrderItems(items: OrderItem[], ctx: RuleContext): RuleResult {
  const problems: Problem[] = [];
  const missing: Problem[] = [];
  const lines: PricedLine[] = [];
  const launchOf = new Map<number, number>(); // listing → item that launches it
  const onceSeen = new Map<string, number>();
  const extrasAdded = new Map<number, Set<number>>(); // listing → category ids this order adds
  const weekUse = new Map<string, number>();

  items.forEach((item, i) => {
    const c: Check = { at: `items.${i}`, problems };
    const product = ctx.products.get(item.product);
    if (!product) return fail(c, 'product', `"${item.product}" is not a product that can be ordered; list_products gives the codes`);
    const code = product.code;
    const before = problems.length;

    // Listing: required where the product needs one, and it must be the caller's (else not found, never forbidden).
    let listing: ListingInfo | undefined;
    if (product.needsListing && item.listing_id === undefined) fail(c, 'listing_id', `is required for ${code} (one of your listings from list_my_listings)`);
    if (!product.needsListing && item.listing_id !== undefined) fail(c, 'listing_id', `${code} does not take a listing`);
    if (product.needsListing && item.listing_id !== undefined) {
      listing = ctx.listings.get(item.listing_id);
      if (!listing) missing.push({ path: `${c.at}.listing_id`, message: `listing ${item.listing_id} was not found among your listings` });
    }

    checkWeek(c, product, item.week, ctx);
    if (item.week && code === 'launch' && ctx.weeks.has(item.week)) {
      const used = (weekUse.get(item.week) ?? 0) + 1;
      weekUse.set(item.week, used);
      if (used > (ctx.weeks.get(item.week) ?? 0)) fail(c, 'week', `has no paid launch slot left for another launch in this order`);
    }

    if (listing) checkListingState(c, code, listing, { launchOf, onceSeen }, i);

    if (item.amount_cents !== undefined && code !== 'billboard_min') fail(c, 'amount_cents', 'is only for billboard_min');
    if (code === 'billboard_min') {
      if (item.amount_cents === undefined) fail(c, 'amount_cents', `is required for billboard_min (at least ${ctx.billboardMinCents} cents)`);
      else if (item.amount_cents < ctx.billboardMinCents) fail(c, 'amount_cents', `must be at least the billboard minimum of ${ctx.billboardMinCents} cents`);
    }

    if (item.categories !== undefined && code !== 'extra_categories') fail(c, 'categories', 'is only for extra_categories');
    if (code === 'extra_categories') checkCategories(c, item.categories, listing, ctx, extrasAdded);

    checkOptions(c, product, item.options);

    if (problems.length > before) return;
    lines.push({
      position: i, product: code, name: product.name, listingId: item.listing_id ?? null, week: item.week ?? null,
      amountCents: code === 'billboard_min' ? item.amount_cents! : null,
      categories: code === 'extra_categories' ? [...item.categories!] : null,
      options: item.options && Object.keys(item.options).length ? { ...item.options } : null,
      priceCents: code === 'billboard_min' ? item.amount_cents! : product.priceCents,
    });
  });

  if (missing.length) return { ok: false, kind: 'not_found', problems: missing };
  if (problems.length) return { ok: false, kind: 'invalid', problems };
  return { ok: true, lines };
}

function checkWeek(c: Check, product: ProductInfo, week: string | undefined, ctx: RuleContext): void {
  if (product.weekRule === 'none') {
    if (week !== undefined) fail(c, 'week', `${product.code} does not take a week`);
    return;
  }
  if (week === undefined) {
    if (product.weekRule === 'required') fail(c, 'week', `is required for ${product.code}: one of the weeks list_products offers`);
    return;
  }
  if (!ctx.weeks.has(week)) {
    const offered = [...ctx.weeks.keys()];
    fail(c, 'week', `must be a launch week Monday that list_products offers (${offered.length ? offered.join(', ') : 'none is free now'})`);
  }
}

type Seen = { launchOf: Map<number, number>; onceSeen: Map<string, number> };

function checkListingState(c: Check, code: string, l: ListingInfo, seen: Seen, i: number): void {
  if (LAUNCHES.has(code)) {
    const other = seen.launchOf.get(l.id);
    if (other !== undefined) fail(c, 'product', `conflicts with items.${other}: one launch product per listing in an order`);
    else seen.launchOf.set(l.id, i);
  }
  if (ONCE_PER_LISTING.has(code)) {
    const key = `${code}|${l.id}`;
    const other = seen.onceSeen.get(key);
    if (other !== undefined) fail(c, 'product', `repeats items.${other} for the same listing`);
    else seen.onceSeen.set(key, i);
  }
  const launched = l.status === 'live' || (l.status === 'scheduled' && l.plan === 'paid');
  if ((code === 'launch' || code === 'launch_bundle') && launched) {
    fail(c, 'listing_id', l.status === 'live' ? 'is already live; order relaunch to launch it again' : 'already has a paid launch booked');
  }
  if ((code === 'launch' || code === 'launch_bundle' || code === 'skip_queue') && l.status === 'rejected') {
    fail(c, 'listing_id', 'was rejected and cannot be launched');
  }
  if (code === 'skip_queue' && (l.plan !== 'free' || l.status === 'live' || l.status === 'rejected')) {
    fail(c, 'listing_id', 'must be on the free plan and waiting in the free queue (choose_free_listing puts it there)');
  }
  if (code === 'relaunch' && l.status !== 'live') fail(c, 'listing_id', 'must be live to be relaunched; order launch for a first launch');
  if (code === 'featured' && l.featured) fail(c, 'listing_id', 'is already featured');
}

function checkCategories(c: Check, slugs: string[] | undefined, l: ListingInfo | undefined, ctx: RuleContext, added: Map<number, Set<number>>): void {
  if (!slugs || slugs.length === 0) return fail(c, 'categories', 'is required for extra_categories: 1 to 3 category slugs from list_categories');
  const mine = new Set<number>();
  const before = c.problems.length;
  slugs.forEach((slug, j) => {
    const id = ctx.categories.get(slug);
    if (id === undefined) return fail(c, `categories.${j}`, `"${slug}" is not a category; list_categories gives the slugs`);
    if (mine.has(id)) return fail(c, `categories.${j}`, `"${slug}" is named twice`);
    if (l && (l.categoryIds.includes(id) || added.get(l.id)?.has(id))) return fail(c, `categories.${j}`, `the listing is already in "${slug}"`);
    mine.add(id);
  });
  if (!l || c.problems.length > before) return;
  const earlier = added.get(l.id) ?? new Set<number>();
  const total = l.extraCount + earlier.size + mine.size;
  if (total > MAX_EXTRA_CATEGORIES) {
    return fail(c, 'categories', `a listing has at most ${MAX_EXTRA_CATEGORIES} extra categories; it has ${l.extraCount}${earlier.size ? ` and this order adds ${earlier.size} more elsewhere` : ''}`);
  }
  added.set(l.id, new Set([...earlier, ...mine]));
}

function checkOptions(c: Check, product: ProductInfo, options: Record<string, unknown> | undefined): void {
  if (options === undefined) return;
  if (!product.options) return fail(c, 'options', `${product.code} takes no options`);
  for (const [key, value] of Object.entries(options)) {
    const spec = product.options.properties[key];
    const field = `options.${key}`;
    if (!spec) {
      fail(c, field, `is not an option of ${product.code} (accepted: ${Object.keys(product.options.properties).join(', ')})`);
      continue;
    }
    const problem = optionValueProblem(spec, value);
    if (problem) fail(c, field, problem);
  }
}

function optionValueProblem(spec: OptionSpec, value: unknown): string | null {
  if (spec.enum && !spec.enum.includes(value as string)) return `must be one of ${spec.enum.join(', ')}`;
  switch (spec.type) {
    case 'string':
      if (typeof value !== 'string') return 'must be a string';
      return value.length > OPTION_TEXT_MAX ? `must be at most ${OPTION_TEXT_MAX} characters` : null;
    case 'integer': return Number.isSafeInteger(value) ? null : 'must be a whole number';
    case 'number': return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'boolean': return typeof value === 'boolean' ? null : 'must be true or false';
    default: return null;
  }
}
