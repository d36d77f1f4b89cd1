import type { AnyTool } from '../define';
import { list_my_listings } from './list_my_listings';
import { get_my_listing } from './get_my_listing';
import { update_my_listing } from './update_my_listing';
import { post_listing_update } from './post_listing_update';
import { add_milestone } from './add_milestone';
import { delete_milestone } from './delete_milestone';
import { set_founder_story } from './set_founder_story';
import { answer_interview } from './answer_interview';
import { choose_free_listing } from './choose_free_listing';

// The my-listings operations, in the spec's order: the two account reads, then the listings:write operations.
export const myListingsTools: AnyTool[] = [
  list_my_listings, get_my_listing,
  update_my_listing, post_listing_update, add_milestone, delete_milestone, set_founder_story, answer_interview, choose_free_listing,
];
