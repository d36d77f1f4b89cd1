import type { AnyTool } from '../define';
import { get_badges } from './get_badges';

// The badges operations, in the spec's order.
export const badgesTools: AnyTool[] = [get_badges];
