import type { AnyTool } from '../define';

// The badges operations, in the spec's order.
export const badgesTools: AnyTool[] = [];
