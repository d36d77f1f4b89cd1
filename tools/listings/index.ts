import type { AnyTool } from '../define';

// The listings operations, in the spec's order.
export const listingsTools: AnyTool[] = [];
