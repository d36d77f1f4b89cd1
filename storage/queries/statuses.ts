import { LISTING_STATUSES } from '../../domain/listing-status';

// The statuses other than live as an SQL list, for counting what is live as "all, less the few that are not"
// through the status index, rather than joining every row to its listing.
export const NOT_LIVE_SQL = LISTING_STATUSES.filter((st) => st !== 'live').map((st) => `'${st}'`).join(', ');
