import type { AnyTool } from '../define';

// The categories operations, in the spec's order.
export const categoriesTools: AnyTool[] = [];
