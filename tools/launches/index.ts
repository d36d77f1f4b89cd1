import type { AnyTool } from '../define';
import { get_launch_week } from './get_launch_week';
import { list_launches } from './list_launches';

// The launches operations, in the spec's order.
export const launchesTools: AnyTool[] = [get_launch_week, list_launches];
