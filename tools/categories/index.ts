import type { AnyTool } from '../define';
import { list_categories } from './list_categories';
import { get_category } from './get_category';

// The categories operations, in the spec's order.
export const categoriesTools: AnyTool[] = [list_categories, get_category];
