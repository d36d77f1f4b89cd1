import type { CategorySeed } from './category-types';
import { WORK_CATEGORIES } from './categories-work';
import { BUILD_CATEGORIES } from './categories-build';
import { PEOPLE_CATEGORIES } from './categories-people';

export type { CategorySeed, SubcategorySeed, FaqPair } from './category-types';

// The seeded tree, in display order: 12 top-level categories with 4-5 subcategories each.
export const CATEGORY_TREE: readonly CategorySeed[] = [...WORK_CATEGORIES, ...BUILD_CATEGORIES, ...PEOPLE_CATEGORIES];
