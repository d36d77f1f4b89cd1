import type { AnyTool } from '../define';

// The launches operations, in the spec's order.
export const launchesTools: AnyTool[] = [];
