CREATE TABLE `logos` (
	`id` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`bytes` blob NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`source_url` text NOT NULL,
	`created_at` text NOT NULL
);
