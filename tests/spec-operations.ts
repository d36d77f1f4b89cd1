// Every operation of spec/directory-api.md: id, method, path (spec notation), auth, success status.
export type SpecOp = { name: string; method: string; path: string; scope: string; status: 200 | 201; idempotent?: boolean };

const op = (name: string, method: string, path: string, scope = 'public', status: 200 | 201 = 200, idempotent = false): SpecOp =>
  ({ name, method, path, scope, status, idempotent });

export const SPEC_OPERATIONS: SpecOp[] = [
  op('get_site_info', 'GET', '/site'),
  op('search_listings', 'GET', '/listings'),
  op('get_listing', 'GET', '/listings/{slug}'),
  op('get_alternatives', 'GET', '/listings/{slug}/alternatives'),
  op('compare_listings', 'GET', '/compare'),
  op('list_categories', 'GET', '/categories'),
  op('get_category', 'GET', '/categories/{slug}'),
  op('get_launch_week', 'GET', '/launches/weeks/{week}'),
  op('list_launches', 'GET', '/launches'),
  op('get_leaderboard', 'GET', '/leaderboards/{board}'),
  op('list_founders', 'GET', '/founders'),
  op('get_founder', 'GET', '/founders/{slug}'),
  op('list_blog_posts', 'GET', '/blog'),
  op('get_blog_post', 'GET', '/blog/{slug}'),
  op('list_awards', 'GET', '/awards'),
  op('get_badges', 'GET', '/listings/{slug}/badges'),
  op('list_interview_questions', 'GET', '/interview-questions'),
  op('list_products', 'GET', '/products'),
  op('get_account', 'GET', '/me', 'account:read'),
  op('list_my_drafts', 'GET', '/drafts', 'account:read'),
  op('get_draft', 'GET', '/drafts/{id}', 'account:read'),
  op('list_my_listings', 'GET', '/me/listings', 'account:read'),
  op('get_my_listing', 'GET', '/me/listings/{listing_id}', 'account:read'),
  op('list_my_claims', 'GET', '/claims', 'account:read'),
  op('list_my_orders', 'GET', '/orders', 'account:read'),
  op('get_order', 'GET', '/orders/{number}', 'account:read'),
  op('submit_listing', 'POST', '/drafts', 'listings:write', 201, true),
  op('update_draft', 'PATCH', '/drafts/{id}', 'listings:write', 200, true),
  op('invite_cofounder', 'POST', '/drafts/{id}/invites', 'listings:write', 201, true),
  op('submit_draft', 'POST', '/drafts/{id}/submit', 'listings:write', 200, true),
  op('update_my_listing', 'PATCH', '/me/listings/{listing_id}', 'listings:write', 200, true),
  op('post_listing_update', 'POST', '/me/listings/{listing_id}/updates', 'listings:write', 201, true),
  op('add_milestone', 'POST', '/me/listings/{listing_id}/milestones', 'listings:write', 201, true),
  op('delete_milestone', 'DELETE', '/me/listings/{listing_id}/milestones/{milestone_id}', 'listings:write', 200, true),
  op('set_founder_story', 'PUT', '/me/listings/{listing_id}/story', 'listings:write', 200, true),
  op('answer_interview', 'PUT', '/me/interview', 'listings:write', 200, true),
  op('choose_free_listing', 'POST', '/me/listings/{listing_id}/free', 'listings:write', 200, true),
  op('claim_listing', 'POST', '/claims', 'listings:write', 201, true),
  op('verify_claim', 'POST', '/claims/{claim_id}/verify', 'listings:write', 200, true),
  op('quote_order', 'POST', '/orders/quote', 'orders:write'),
  op('create_checkout', 'POST', '/orders/checkout', 'orders:write', 201, true),
];

export const PUBLIC_OPERATIONS = SPEC_OPERATIONS.filter((o) => o.scope === 'public').map((o) => o.name);
