import type { AnyTool } from '../define';
import { get_account } from './get_account';

// The account operations, in the spec's order.
export const accountTools: AnyTool[] = [get_account];
