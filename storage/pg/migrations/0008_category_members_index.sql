-- SQLite's migration 0017: a category's memberships read from the index alone, the listing's id beside the category.
DROP INDEX listing_categories_category;
CREATE INDEX listing_categories_category ON listing_categories (category_id, listing_id);
