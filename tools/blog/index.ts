import type { AnyTool } from '../define';

// The blog operations, in the spec's order.
export const blogTools: AnyTool[] = [];
