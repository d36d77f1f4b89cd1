import type { AnyTool } from '../define';
import { list_products } from './list_products';

// The products operations, in the spec's order.
export const productsTools: AnyTool[] = [list_products];
