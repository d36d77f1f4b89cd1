import type { AnyTool } from '../define';

// The products operations, in the spec's order.
export const productsTools: AnyTool[] = [];
