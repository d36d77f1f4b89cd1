// Every status a listing may be in. storage/schema/directory.ts uses this list as the column's enum.
export const LISTING_STATUSES = ['draft', 'submitted', 'awaiting_badge', 'scheduled', 'live', 'rejected'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

// Where a listing may go from each status. The free plan walks submitted → awaiting_badge → scheduled → live;
// a paid launch may skip straight to scheduled or live; the site team may reject at any point. Rejected is final.
export const LISTING_TRANSITIONS: Record<ListingStatus, readonly ListingStatus[]> = {
  draft: ['submitted', 'rejected'],
  submitted: ['awaiting_badge', 'scheduled', 'live', 'rejected'],
  awaiting_badge: ['scheduled', 'live', 'rejected'],
  scheduled: ['live', 'rejected'],
  live: ['rejected'],
  rejected: [],
};

export const canMove = (from: ListingStatus, to: ListingStatus): boolean => LISTING_TRANSITIONS[from].includes(to);

// The statuses a listing may be in to move to `to` (used as the guard of a conditional UPDATE).
export const statusesMovingTo = (to: ListingStatus): ListingStatus[] =>
  (Object.keys(LISTING_TRANSITIONS) as ListingStatus[]).filter((from) => canMove(from, to));

// Public readers see live and scheduled listings only; every other status is the owner's business.
export const isPublicListing = (status: string): boolean => status === 'live' || status === 'scheduled';
