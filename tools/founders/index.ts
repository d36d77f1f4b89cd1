import type { AnyTool } from '../define';

// The founders operations, in the spec's order.
export const foundersTools: AnyTool[] = [];
