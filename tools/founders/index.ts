import type { AnyTool } from '../define';
import { list_founders } from './list_founders';
import { get_founder } from './get_founder';

// The founders operations, in the spec's order.
export const foundersTools: AnyTool[] = [list_founders, get_founder];
