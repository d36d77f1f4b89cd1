import type { AnyTool, ConnectorTool, McpTool } from './define';
import { connectorSearch } from './connectors/search';
import { connectorFetch } from './connectors/fetch';
import { get_site_info } from './site/get_site_info';
import { search_listings } from './listings/search_listings';
import { get_listing } from './listings/get_listing';
import { get_alternatives } from './listings/get_alternatives';
import { compare_listings } from './listings/compare_listings';
import { list_categories } from './categories/list_categories';
import { get_category } from './categories/get_category';
import { get_launch_week } from './launches/get_launch_week';
import { list_launches } from './launches/list_launches';
import { get_leaderboard } from './leaderboards/get_leaderboard';
import { list_founders } from './founders/list_founders';
import { get_founder } from './founders/get_founder';
import { list_blog_posts } from './blog/list_blog_posts';
import { get_blog_post } from './blog/get_blog_post';
import { list_awards } from './awards/list_awards';
import { get_badges } from './badges/get_badges';
import { list_interview_questions } from './content/list_interview_questions';
import { list_products } from './products/list_products';
import { get_account } from './account/get_account';
import { list_my_drafts } from './drafts/list_my_drafts';
import { get_draft } from './drafts/get_draft';
import { submit_listing } from './drafts/submit_listing';
import { update_draft } from './drafts/update_draft';
import { invite_cofounder } from './drafts/invite_cofounder';
import { submit_draft } from './drafts/submit_draft';
import { list_my_orders } from './orders/list_my_orders';
import { get_order } from './orders/get_order';
import { quote_order } from './orders/quote_order';
import { create_checkout } from './orders/create_checkout';
import { list_my_listings } from './my-listings/list_my_listings';
import { get_my_listing } from './my-listings/get_my_listing';
import { update_my_listing } from './my-listings/update_my_listing';
import { post_listing_update } from './my-listings/post_listing_update';
import { add_milestone } from './my-listings/add_milestone';
import { delete_milestone } from './my-listings/delete_milestone';
import { set_founder_story } from './my-listings/set_founder_story';
import { answer_interview } from './my-listings/answer_interview';
import { choose_free_listing } from './my-listings/choose_free_listing';
import { list_my_claims } from './claims/list_my_claims';
import { claim_listing } from './claims/claim_listing';
import { verify_claim } from './claims/verify_claim';

// Every operation, one line each, in the spec's order (tests/contract.test.ts holds it to that order).
// Adding an operation: its file in tools/<area>/, then its line here at the place the spec gives it.
export const registry: AnyTool[] = [
  // Public reads
  get_site_info,
  search_listings,
  get_listing,
  get_alternatives,
  compare_listings,
  list_categories,
  get_category,
  get_launch_week,
  list_launches,
  get_leaderboard,
  list_founders,
  get_founder,
  list_blog_posts,
  get_blog_post,
  list_awards,
  get_badges,
  list_interview_questions,
  list_products,
  // Account (account:read)
  get_account,
  list_my_drafts,
  get_draft,
  list_my_listings,
  get_my_listing,
  list_my_claims,
  list_my_orders,
  get_order,
  // Submit flow, my listings, claims (listings:write)
  submit_listing,
  update_draft,
  invite_cofounder,
  submit_draft,
  update_my_listing,
  post_listing_update,
  add_milestone,
  delete_milestone,
  set_founder_story,
  answer_interview,
  choose_free_listing,
  claim_listing,
  verify_claim,
  // Orders (orders:write)
  quote_order,
  create_checkout,
];

export const toolByName = new Map(registry.map((t) => [t.name, t]));

// Served over MCP only, after the spec's operations: ChatGPT's connector shapes (search → fetch).
export const connectorTools: ConnectorTool[] = [connectorSearch, connectorFetch];
export const mcpTools: McpTool[] = [...registry, ...connectorTools];
export const mcpToolByName = new Map(mcpTools.map((t) => [t.name, t]));
