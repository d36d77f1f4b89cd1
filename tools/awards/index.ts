import type { AnyTool } from '../define';
import { list_awards } from './list_awards';

// The awards operations, in the spec's order.
export const awardsTools: AnyTool[] = [list_awards];
