import type { AnyTool } from '../define';

// The awards operations, in the spec's order.
export const awardsTools: AnyTool[] = [];
