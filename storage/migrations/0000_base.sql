CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`parent_id` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`faqs` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE INDEX `categories_parent` ON `categories` (`parent_id`);--> statement-breakpoint
CREATE TABLE `founders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`headline` text,
	`bio` text,
	`country` text,
	`avatar_url` text,
	`socials` text DEFAULT '{}' NOT NULL,
	`user_id` integer,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `founders_slug_unique` ON `founders` (`slug`);--> statement-breakpoint
CREATE INDEX `founders_name` ON `founders` (`name`);--> statement-breakpoint
CREATE INDEX `founders_country` ON `founders` (`country`);--> statement-breakpoint
CREATE UNIQUE INDEX `founders_user` ON `founders` (`user_id`);--> statement-breakpoint
CREATE TABLE `listing_alternatives` (
	`listing_id` integer NOT NULL,
	`alternative_id` integer NOT NULL,
	`approved` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`listing_id`, `alternative_id`),
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alternative_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `listing_categories` (
	`listing_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`is_primary` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`listing_id`, `category_id`),
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `listing_categories_category` ON `listing_categories` (`category_id`);--> statement-breakpoint
CREATE TABLE `listing_founders` (
	`listing_id` integer NOT NULL,
	`founder_id` integer NOT NULL,
	`title` text,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`listing_id`, `founder_id`),
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`founder_id`) REFERENCES `founders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_founders_founder` ON `listing_founders` (`founder_id`);--> statement-breakpoint
CREATE TABLE `listing_updates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_updates_listing` ON `listing_updates` (`listing_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listing_updates_created` ON `listing_updates` (`created_at`);--> statement-breakpoint
CREATE TABLE `listings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`domain` text NOT NULL,
	`tagline` text,
	`short_description` text,
	`description` text,
	`headline` text,
	`summary` text,
	`logo_url` text,
	`stage` text,
	`pricing_model` text,
	`pricing_summary` text,
	`pricing_plans` text DEFAULT '[]' NOT NULL,
	`country` text,
	`city` text,
	`founded_year` integer,
	`contact_email` text,
	`demo_video_url` text,
	`features` text DEFAULT '[]' NOT NULL,
	`usps` text DEFAULT '[]' NOT NULL,
	`keywords` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`faqs` text DEFAULT '[]' NOT NULL,
	`socials` text DEFAULT '{}' NOT NULL,
	`not_found_on_website` text DEFAULT '[]' NOT NULL,
	`story` text,
	`media` text DEFAULT '[]' NOT NULL,
	`unlocked_sections` text DEFAULT '[]' NOT NULL,
	`seo_title` text,
	`seo_description` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`plan` text,
	`launch_week` text,
	`launched_at` text,
	`featured` integer DEFAULT false NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	`primary_category_id` integer,
	`owner_user_id` integer,
	`votes_count` integer DEFAULT 0 NOT NULL,
	`views_count` integer DEFAULT 0 NOT NULL,
	`follows_count` integer DEFAULT 0 NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`primary_category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listings_slug_unique` ON `listings` (`slug`);--> statement-breakpoint
CREATE INDEX `listings_domain` ON `listings` (`domain`);--> statement-breakpoint
CREATE INDEX `listings_status_launched` ON `listings` (`status`,`launched_at`);--> statement-breakpoint
CREATE INDEX `listings_status_votes` ON `listings` (`status`,`votes_count`);--> statement-breakpoint
CREATE INDEX `listings_status_views` ON `listings` (`status`,`views_count`);--> statement-breakpoint
CREATE INDEX `listings_status_follows` ON `listings` (`status`,`follows_count`);--> statement-breakpoint
CREATE INDEX `listings_week` ON `listings` (`launch_week`,`status`);--> statement-breakpoint
CREATE INDEX `listings_primary_category` ON `listings` (`primary_category_id`,`status`);--> statement-breakpoint
CREATE INDEX `listings_country` ON `listings` (`country`);--> statement-breakpoint
CREATE INDEX `listings_owner` ON `listings` (`owner_user_id`);--> statement-breakpoint
CREATE TABLE `milestones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`date` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`url` text,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `milestones_listing` ON `milestones` (`listing_id`,`date`);--> statement-breakpoint
CREATE TABLE `awards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`week` text NOT NULL,
	`rank` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`votes` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `awards_week_rank` ON `awards` (`week`,`rank`);--> statement-breakpoint
CREATE INDEX `awards_listing` ON `awards` (`listing_id`);--> statement-breakpoint
CREATE TABLE `follows` (
	`listing_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_user_listing` ON `follows` (`user_id`,`listing_id`);--> statement-breakpoint
CREATE INDEX `follows_listing` ON `follows` (`listing_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`body` text NOT NULL,
	`genuine` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_user_listing` ON `reviews` (`user_id`,`listing_id`);--> statement-breakpoint
CREATE INDEX `reviews_listing` ON `reviews` (`listing_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`password_hash` text,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `votes_user_listing` ON `votes` (`user_id`,`listing_id`);--> statement-breakpoint
CREATE INDEX `votes_listing_created` ON `votes` (`listing_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `votes_created` ON `votes` (`created_at`);--> statement-breakpoint
CREATE TABLE `billboard_contributions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`source` text DEFAULT 'order' NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `billboard_listing` ON `billboard_contributions` (`listing_id`);--> statement-breakpoint
CREATE TABLE `domain_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`recorded_on` text NOT NULL,
	`source` text DEFAULT 'import' NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `domain_ratings_listing_day` ON `domain_ratings` (`listing_id`,`recorded_on`);--> statement-breakpoint
CREATE INDEX `domain_ratings_day` ON `domain_ratings` (`recorded_on`);--> statement-breakpoint
CREATE TABLE `revenue_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`mrr_cents` integer NOT NULL,
	`period` text NOT NULL,
	`verified_by` text NOT NULL,
	`recorded_on` text NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revenue_listing_period` ON `revenue_reports` (`listing_id`,`period`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`body_markdown` text NOT NULL,
	`author` text NOT NULL,
	`faqs` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`published_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_published` ON `blog_posts` (`published_at`);--> statement-breakpoint
CREATE TABLE `interview_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `products` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`price_cents` integer NOT NULL,
	`needs_listing` integer DEFAULT true NOT NULL,
	`options` text,
	`week_rule` text DEFAULT 'none' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
