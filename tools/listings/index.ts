import type { AnyTool } from '../define';
import { search_listings } from './search_listings';
import { get_listing } from './get_listing';
import { get_alternatives } from './get_alternatives';
import { compare_listings } from './compare_listings';

// The listings operations, in the spec's order.
export const listingsTools: AnyTool[] = [search_listings, get_listing, get_alternatives, compare_listings];
